// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { renderForm } from './formHarness.tsx';

const schema: RJSFSchema = {
  type: 'object',
  properties: { emailId: { type: 'string', title: 'Email', maxLength: 50 } },
};
const uiSchema = { emailId: { 'ui:widget': 'EmailWidget' } };

describe('EmailWidget', () => {
  it('suggests the common domains once @ is typed, filtered by what follows', async () => {
    const { user } = renderForm({ schema, uiSchema });
    const input = screen.getByRole('combobox', { name: /Email/ });
    expect(input.getAttribute('inputmode')).toBe('email');
    expect(input.getAttribute('maxlength')).toBe('50');
    await user.type(input, 'ramesh');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.type(input, '@');
    expect(screen.getAllByRole('option')).toHaveLength(7);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    await user.type(input, 'ya');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'ramesh@yahoo.com',
      'ramesh@yahoo.co.in',
    ]);
  });

  it('completes with the arrow keys and Enter, via aria-activedescendant', async () => {
    const { user, lastData } = renderForm({ schema, uiSchema });
    const input = screen.getByRole('combobox', { name: /Email/ });
    await user.type(input, 'Ramesh.K@ya');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const active = document.getElementById(input.getAttribute('aria-activedescendant')!)!;
    expect(active.textContent).toBe('Ramesh.K@yahoo.co.in');
    expect(active.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Enter}');
    expect(lastData().emailId).toBe('Ramesh.K@yahoo.co.in');
    expect(input).toHaveProperty('value', 'Ramesh.K@yahoo.co.in');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('completes with a click and dismisses with Escape', async () => {
    const { user, lastData } = renderForm({ schema, uiSchema });
    const input = screen.getByRole('combobox', { name: /Email/ });
    await user.type(input, 'a@');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.type(input, 'r');
    const listbox = screen.getByRole('listbox');
    await user.click(within(listbox).getByText('a@rediffmail.com'));
    expect(lastData().emailId).toBe('a@rediffmail.com');
    expect(document.activeElement).toBe(input);
  });
});
