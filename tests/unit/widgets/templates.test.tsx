// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { templates, widgets } from '../../../widgets/registry.ts';
import { proposalFields as fields, proposalTemplates } from '../../../widgets/proposal/registry.ts';
import { renderForm } from './formHarness.tsx';

const schema: RJSFSchema = {
  type: 'object',
  required: ['fullName', 'city'],
  properties: {
    fullName: { type: 'string', title: 'Full Name' },
    leadId: { type: 'string', title: 'Lead' },
    city: { type: 'string', title: 'City' },
    state: { type: 'string', title: 'State' },
    pincode: { type: 'string', title: 'Pincode' },
  },
};
const uiSchema = {
  'ui:options': { rows: [['city', 'state']] },
  leadId: { 'ui:widget': 'hidden' },
  state: { 'ui:options': { columnWidth: '8rem' }, 'ui:classNames': 'bf-test-state' },
} as unknown as UiSchema; // RJSF types ui:options.rows as a textarea's row count

describe('FieldTemplate', () => {
  it('ties each label to its input and marks mandatory fields with an asterisk', () => {
    renderForm({ schema, uiSchema });
    const label = document.getElementById('root_fullName__label')!;
    expect(label.tagName).toBe('LABEL');
    expect(label.getAttribute('for')).toBe('root_fullName');
    expect(label.querySelector('.bf-required')!.textContent).toBe('*');
    expect(label.querySelector('.bf-required')!.getAttribute('aria-hidden')).toBe('true');
    expect(document.getElementById('root_state__label')!.querySelector('.bf-required')).toBeNull();
    expect(screen.getByLabelText(/State/).closest('.bf-field')!.classList).toContain('bf-test-state');
  });

  it('shows the first error under the field in an alert tied to the input', () => {
    const { form } = renderForm({ schema, uiSchema });
    const error = document.getElementById('root_city__error')!;
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.className).toBe('bf-field-error');
    expect(error.textContent).toBe('');
    act(() => {
      form.current!.validateForm();
    });
    expect(error.textContent).toMatch(/required/);
    const city = screen.getByLabelText(/City/);
    expect(city.getAttribute('aria-invalid')).toBe('true');
    expect(city.getAttribute('aria-describedby')!.split(' ')).toContain('root_city__error');
    expect(city.closest('.bf-field')!.classList).toContain('has-error');
  });
});

describe('ObjectFieldTemplate', () => {
  it('puts rows side by side where their first member stands, skips hidden fields', () => {
    const { container } = renderForm({ schema, uiSchema });
    const order = [...container.querySelectorAll('input')].map((input) => input.id);
    expect(order).toEqual(['root_fullName', 'root_city', 'root_state', 'root_pincode']);
    const row = container.querySelector<HTMLElement>('.bf-row')!;
    expect([...row.querySelectorAll('input')].map((input) => input.id)).toEqual(['root_city', 'root_state']);
    expect(row.style.gridTemplateColumns).toBe('minmax(0, 1fr) 8rem');
    expect(screen.queryByText('Lead')).toBeNull();
  });

  it('shows the object title and description unless ui:label is false', () => {
    const titled: RJSFSchema = { ...schema, title: 'Your details', description: 'As on your PAN card.' };
    const { unmount } = renderForm({ schema: titled, uiSchema });
    expect(screen.getByText('Your details').tagName).toBe('LEGEND');
    expect(screen.getByText('As on your PAN card.')).toBeTruthy();
    unmount();
    renderForm({ schema: titled, uiSchema: { ...uiSchema, 'ui:label': false } });
    expect(screen.queryByText('Your details')).toBeNull();
    expect(screen.queryByText('As on your PAN card.')).toBeNull();
  });
});

describe('ErrorListTemplate and SubmitButton', () => {
  it('render nothing: errors are inline and the engine owns Continue', () => {
    const { container, form } = renderForm({ schema, uiSchema });
    act(() => {
      form.current!.validateForm();
    });
    expect(container.querySelector('.errors, .panel-danger')).toBeNull();
    expect(container.querySelector('button[type="submit"]')).toBeNull();
  });
});

describe('registry', () => {
  it('maps every widget by name and overrides the RJSF defaults', () => {
    expect(Object.keys(widgets).sort()).toEqual(
      [
        'AmountWidget',
        'CheckboxCardsWidget',
        'DateWithAgeWidget',
        'DialCodeWidget',
        'DisclaimerWidget',
        'EmailWidget',
        'GenderRadioWidget',
        'MobileNumberWidget',
        'RadioCardsWidget',
        'SelectWidget',
        'TextWidget',
        'checkbox',
        'email',
        'select',
        'text',
      ].sort(),
    );
    expect(widgets.text).toBe(widgets.TextWidget);
    expect(widgets.select).toBe(widgets.SelectWidget);
    expect(widgets.checkbox).toBe(widgets.DisclaimerWidget);
    expect(widgets.email).toBe(widgets.EmailWidget);
    expect(Object.keys(templates).sort()).toEqual(
      [
        'BaseInputTemplate',
        'ButtonTemplates',
        'ErrorListTemplate',
        'FieldTemplate',
        'ObjectFieldTemplate',
      ].sort(),
    );
    // The proposal's forms add the list templates (widgets/proposal/registry.ts).
    expect(Object.keys(proposalTemplates).sort()).toEqual(
      [
        'ArrayFieldItemTemplate',
        'ArrayFieldTemplate',
        'BaseInputTemplate',
        'ButtonTemplates',
        'ErrorListTemplate',
        'FieldTemplate',
        'ObjectFieldTemplate',
      ].sort(),
    );
    expect(Object.keys(fields)).toEqual(['DocumentUploadField']);
  });

  it('renders our widgets for fields without a ui:widget', () => {
    renderForm({
      schema: {
        type: 'object',
        properties: {
          name: { type: 'string', title: 'Name' },
          email: { type: 'string', format: 'email', title: 'E-mail' },
          frequency: { type: 'string', title: 'Frequency', enum: ['Yearly', 'Monthly'] },
          consent: { type: 'boolean', title: 'I agree' },
          start: { type: 'string', format: 'date', title: 'Start date' },
        },
      },
      uiSchema: { start: { 'ui:options': { unit: 'IST' } } },
    });
    expect(screen.getByLabelText('Name').className).toBe('bf-input');
    expect(screen.getByRole('combobox', { name: 'E-mail' }).getAttribute('aria-autocomplete')).toBe('list');
    expect(screen.getByRole('combobox', { name: 'Frequency' }).tagName).toBe('BUTTON');
    expect(screen.getByRole('checkbox', { name: 'I agree' }).className).toBe('bf-disclaimer__input');
    // The RJSF widgets we keep (engine/form/rjsfDefaults) draw through our BaseInputTemplate.
    const start = screen.getByLabelText('Start date');
    expect(start.getAttribute('type')).toBe('date');
    expect(start.className).toBe('bf-input');
    expect(start.closest('.bf-input-group')!.textContent).toBe('IST');
  });
});
