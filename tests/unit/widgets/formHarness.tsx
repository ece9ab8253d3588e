import { createRef } from 'react';
import Form, { type IChangeEvent } from '@rjsf/core';
import type { ErrorTransformer, RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { act, cleanup, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, vi } from 'vitest';
import { loadLaterFormCode } from '../../../widgets/laterFormCode.ts';
import { widgets } from '../../../widgets/registry.ts';
import {
  proposalFields as fields,
  proposalTemplates as templates,
} from '../../../widgets/proposal/registry.ts';
import { TYPING_PAUSE_MS } from '../../../widgets/useFieldDraft.ts';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

// A page has RJSF's list field and our later widgets once its later forms are loaded
// (widgets/laterFormCode.ts); the forms here draw as it then does.
// tests/unit/engine/form/arrayField.test.tsx draws one before.
beforeAll(async () => {
  await loadLaterFormCode();
});

/**
 * Waits out the typing pause: what is typed stays in its field (widgets/useFieldDraft.ts) until
 * the keys pause, then the form is handed it.
 */
export const typingPause = () =>
  act(() => new Promise<void>((resolve) => setTimeout(resolve, TYPING_PAUSE_MS + 50)));

interface FormSetup {
  schema: RJSFSchema;
  uiSchema?: UiSchema;
  formData?: unknown;
  /** RJSF's formContext, as a page gives it (a documents step: its DocumentUploadContext). */
  formContext?: Record<string, unknown>;
  /** The engine's validator (engine/validation: our keywords, ajv-errors) instead of plain ajv8. */
  formValidator?: ValidatorType;
  transformErrors?: ErrorTransformer;
}

/**
 * Renders our widgets and templates inside a real RJSF Form (ajv8 validator), the way the
 * engine will, and exposes the data the form last reported and its ref for validation.
 */
export function renderForm(setup: FormSetup) {
  const { schema, uiSchema, formData, formContext, formValidator, transformErrors } = setup;
  const onChange = vi.fn<(event: IChangeEvent) => void>();
  const onError = vi.fn();
  const form = createRef<Form>();
  const view = render(
    <Form
      ref={form}
      schema={schema}
      uiSchema={uiSchema}
      formData={formData}
      validator={formValidator ?? validator}
      transformErrors={transformErrors}
      widgets={widgets}
      templates={templates}
      fields={fields}
      formContext={formContext}
      onChange={onChange}
      onError={onError}
      // As the engine must: RJSF would otherwise default every oneOf-of-consts field to its
      // first option and tick every `const: true` consent.
      experimental_defaultFormStateBehavior={{ constAsDefaults: 'never' }}
    />,
  );
  const lastData = (): Record<string, unknown> =>
    (onChange.mock.lastCall?.[0].formData as Record<string, unknown> | undefined) ?? {};
  return { ...view, user: userEvent.setup(), onChange, onError, lastData, form };
}
