import type { RegistryFieldsType, TemplatesType } from '@rjsf/utils';
import { templates } from '../registry.ts';
import ArrayFieldItemTemplate from './ArrayFieldItemTemplate.tsx';
import ArrayFieldTemplate from './ArrayFieldTemplate.tsx';
import DocumentUploadField from './DocumentUploadField.tsx';

/*
 * What only the proposal's forms draw, kept out of the journey's first download (the build
 * leaves widgets/proposal/ out of the journey's chunk): lists as cards (nominees, policies,
 * tax residences) and document uploads. The proposal page passes these to its StepForm.
 */

/**
 * Our fields, spread by RJSF over its own: a uiSchema names one by its key
 * (`"ui:field": "DocumentUploadField"`) for a value no single widget draws (an object).
 */
export const proposalFields: RegistryFieldsType = {
  DocumentUploadField,
};

/** The journey's templates with the list templates the proposal's forms use. */
export const proposalTemplates: Partial<TemplatesType> = {
  ...templates,
  ArrayFieldTemplate,
  ArrayFieldItemTemplate,
};
