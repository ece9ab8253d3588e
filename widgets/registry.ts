import { getDefaultRegistry } from '@rjsf/core';
import type { RegistryWidgetsType, TemplatesType } from '@rjsf/utils';
import DateWithAgeWidget from './DateWithAgeWidget.tsx';
import DialCodeWidget from './DialCodeWidget.tsx';
import DisclaimerWidget from './DisclaimerWidget.tsx';
import EmailWidget from './EmailWidget.tsx';
import GenderRadioWidget from './GenderRadioWidget.tsx';
import MobileNumberWidget from './MobileNumberWidget.tsx';
import RadioCardsWidget from './RadioCardsWidget.tsx';
import SelectWidget from './SelectWidget.tsx';
import TextWidget from './TextWidget.tsx';
import { laterWidgets } from './laterWidgets.ts';
import BaseInputTemplate from './templates/BaseInputTemplate.tsx';
import ErrorListTemplate from './templates/ErrorListTemplate.tsx';
import FieldTemplate from './templates/FieldTemplate.tsx';
import ObjectFieldTemplate from './templates/ObjectFieldTemplate.tsx';
import SubmitButton from './templates/SubmitButton.tsx';

/**
 * The widget registry: uiSchemas name a widget by its key (`"ui:widget": "DateWithAgeWidget"`).
 * The lowercase keys replace RJSF's defaults, so fields without a `ui:widget` get our look
 * too (string → text, enum → select, boolean → checkbox, format email → email).
 * Styles are in ./widgets.css, which the app imports once. What only the proposal's forms
 * use (lists as cards, document uploads) is in ./proposal/registry.ts, with the proposal page.
 */
export const widgets: RegistryWidgetsType = {
  // Drawn only after the first screen: their code comes with the later forms.
  ...laterWidgets,
  DateWithAgeWidget,
  DialCodeWidget,
  DisclaimerWidget,
  EmailWidget,
  GenderRadioWidget,
  MobileNumberWidget,
  RadioCardsWidget,
  SelectWidget,
  TextWidget,
  text: TextWidget,
  select: SelectWidget,
  checkbox: DisclaimerWidget,
  email: EmailWidget,
};

/**
 * Our templates, spread by RJSF over its defaults (a theme as a partial registry). The
 * button set is complete (RJSF's own with our SubmitButton) so this is a Partial<TemplatesType>.
 */
export const templates: Partial<TemplatesType> = {
  FieldTemplate,
  ObjectFieldTemplate,
  ErrorListTemplate,
  BaseInputTemplate,
  ButtonTemplates: { ...getDefaultRegistry().templates.ButtonTemplates, SubmitButton },
};
