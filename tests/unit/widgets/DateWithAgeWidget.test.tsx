// @vitest-environment jsdom
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { ageLabel } from '../../../engine/validation/age.ts';
import { renderForm, typingPause } from './formHarness.tsx';

const schema: RJSFSchema = {
  type: 'object',
  required: ['dateOfBirth'],
  properties: { dateOfBirth: { type: 'string', format: 'date', title: 'Date of birth' } },
};
const uiSchema = { dateOfBirth: { 'ui:widget': 'DateWithAgeWidget' } };

describe('DateWithAgeWidget', () => {
  it('formats 01011970 as typed, emits yyyy-mm-dd and shows the age', async () => {
    const { user, lastData } = renderForm({ schema, uiSchema });
    const input = screen.getByLabelText(/Date of birth/);
    await user.type(input, '01011970');
    expect(input).toHaveProperty('value', '01/01/1970');
    const age = ageLabel('1970-01-01')!;
    // The age follows the keys; the form is handed the date once they pause.
    expect(screen.getByText(age).tagName).toBe('OUTPUT');
    await typingPause();
    expect(lastData().dateOfBirth).toBe('1970-01-01');
    expect(age).toMatch(/^\d+ Years$/);
    expect(input.getAttribute('aria-describedby')).toContain('root_dateOfBirth__age');
  });

  it('emits the typed text while incomplete, and undefined once emptied', async () => {
    const { user, lastData } = renderForm({ schema, uiSchema });
    const input = screen.getByLabelText(/Date of birth/);
    await user.type(input, '5');
    expect(input).toHaveProperty('value', '05/');
    await typingPause();
    expect(lastData().dateOfBirth).toBe('05/');
    await user.type(input, '1x');
    expect(input).toHaveProperty('value', '05/1');
    await user.tab();
    expect(lastData().dateOfBirth).toBe('05/1');
    await user.clear(input);
    await typingPause();
    expect(lastData().dateOfBirth).toBeUndefined();
  });

  it('reports an impossible date through format: date, tied to the input', async () => {
    const { user, form } = renderForm({ schema, uiSchema });
    const input = screen.getByLabelText(/Date of birth/);
    await user.type(input, '31021990');
    expect(input).toHaveProperty('value', '31/02/1990');
    await typingPause();
    act(() => {
      form.current!.validateForm();
    });
    const error = document.getElementById('root_dateOfBirth__error')!;
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.textContent).toMatch(/date/);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain('root_dateOfBirth__error');
  });

  it('shows a date held in the form as dd/mm/yyyy', () => {
    renderForm({ schema, uiSchema, formData: { dateOfBirth: '1985-03-12' } });
    expect(screen.getByLabelText(/Date of birth/)).toHaveProperty('value', '12/03/1985');
  });

  it('picks a date from the calendar with month and year dropdowns', async () => {
    const { user, lastData } = renderForm({ schema, uiSchema });
    const toggle = screen.getByRole('button', { name: 'Choose date from calendar' });
    await user.click(toggle);
    // The calendar's code comes when it is first wanted (a wait is said until then).
    const dialog = await screen.findByRole('dialog');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const year = within(dialog).getByRole('combobox', { name: 'Year' });
    expect(within(year).getAllByRole('option')).toHaveLength(100);
    expect(within(year).getAllByRole('option')[0]!.textContent).toBe(String(new Date().getFullYear()));
    await user.selectOptions(year, '2000');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Month' }), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Tuesday, 15 February 2000' }));
    expect(lastData().dateOfBirth).toBe('2000-02-15');
    expect(screen.getByLabelText(/Date of birth/)).toHaveProperty('value', '15/02/2000');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });

  it('moves through days with the keyboard and closes on Escape', async () => {
    const { user } = renderForm({
      schema,
      uiSchema: { dateOfBirth: { 'ui:widget': 'DateWithAgeWidget', 'ui:options': { yearsBack: 5 } } },
      formData: { dateOfBirth: new Date().getFullYear() - 1 + '-06-15' },
    });
    const toggle = screen.getByRole('button', { name: 'Choose date from calendar' });
    await user.click(toggle);
    const dialog = screen.getByRole('dialog');
    expect(
      within(within(dialog).getByRole('combobox', { name: 'Year' })).getAllByRole('option'),
    ).toHaveLength(5);
    expect(document.activeElement?.getAttribute('aria-label')).toMatch(/15 June/);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement?.getAttribute('aria-label')).toMatch(/16 June/);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.getAttribute('aria-label')).toMatch(/23 June/);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });
});
