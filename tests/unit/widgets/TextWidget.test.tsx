// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { renderForm, typingPause } from './formHarness.tsx';

const schema: RJSFSchema = {
  type: 'object',
  required: ['fullName'],
  properties: {
    fullName: { type: 'string', title: 'Full Name' },
    panNumber: { type: 'string', title: 'PAN', maxLength: 10 },
    employeeCode: { type: 'string', title: 'Employee code' },
    policyTerm: { type: 'string', title: 'Policy term' },
  },
};
const uiSchema = {
  fullName: {
    'ui:widget': 'TextWidget',
    'ui:options': {
      format: 'name',
      clearable: true,
      tooltip: 'Full name should match the official government ID.',
    },
  },
  panNumber: { 'ui:options': { format: 'upper' } },
  employeeCode: { 'ui:options': { format: 'digits', maxLength: 12 } },
  policyTerm: { 'ui:options': { prefix: 'for', unit: 'Years' } },
};

describe('TextWidget', () => {
  it('title-cases a name, strips non-letters and collapses spaces, trimming when left', async () => {
    const { user, lastData } = renderForm({ schema, uiSchema });
    const input = screen.getByLabelText(/Full Name/);
    await user.type(input, '  rAMESH   kumar1 ');
    expect(input).toHaveProperty('value', 'Ramesh Kumar ');
    await typingPause();
    expect(lastData().fullName).toBe('Ramesh Kumar ');
    await user.tab();
    expect(lastData().fullName).toBe('Ramesh Kumar');
  });

  it('applies the upper and digits formats, and the maxLength rules', async () => {
    const { user, lastData } = renderForm({ schema, uiSchema });
    expect(screen.getByLabelText(/Full Name/).getAttribute('maxlength')).toBe('50');
    expect(screen.getByLabelText(/PAN/).getAttribute('maxlength')).toBe('10');
    expect(screen.getByLabelText(/Employee code/).getAttribute('maxlength')).toBe('12');
    await user.type(screen.getByLabelText(/PAN/), 'abcde1234f');
    await typingPause();
    expect(lastData().panNumber).toBe('ABCDE1234F');
    await user.type(screen.getByLabelText(/Employee code/), 'E-00123');
    await typingPause();
    expect(lastData().employeeCode).toBe('00123');
  });

  it('shows prefix, unit and an accessible tooltip', () => {
    renderForm({ schema, uiSchema });
    const term = screen.getByLabelText(/Policy term/);
    expect(term.getAttribute('aria-describedby')).toContain('root_policyTerm__unit');
    expect(document.getElementById('root_policyTerm__unit')!.textContent).toBe('Years');
    expect(document.getElementById('root_policyTerm__prefix')!.textContent).toBe('for');
    const info = screen.getByRole('button', { name: 'More information' });
    expect(document.getElementById(info.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Full name should match the official government ID.',
    );
  });

  it('clears with the clear button and emits undefined so required fires', async () => {
    const { user, lastData, form } = renderForm({ schema, uiSchema, formData: { fullName: 'Anita Desai' } });
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(lastData().fullName).toBeUndefined();
    expect(screen.queryByRole('button', { name: 'Clear' })).toBeNull();
    act(() => {
      form.current!.validateForm();
    });
    const input = screen.getByLabelText(/Full Name/);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-required')).toBe('true');
    expect(document.getElementById('root_fullName__error')!.textContent).toMatch(/required/);
  });
});
