// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { renderForm, typingPause } from './formHarness.tsx';

/* A split typed across fields shows what it adds up to as the visitor types (ObjectFieldTemplate, ui:options.total). */
const schema: RJSFSchema = {
  type: 'object',
  properties: {
    allocation: {
      type: 'object',
      title: 'Split your premium',
      properties: {
        equity: { type: 'integer', title: 'Equity' },
        debt: { type: 'integer', title: 'Debt' },
      },
    },
  },
};
const field = { 'ui:widget': 'TextWidget', 'ui:options': { unit: '%', format: 'digits' } };
const uiSchema: UiSchema = {
  allocation: {
    'ui:options': { total: { label: 'Total', unit: '%', of: 100 } },
    equity: field,
    debt: field,
  },
};

describe('a running total under an object', () => {
  it('adds up the values as they are typed, announced politely, and marks a complete total', async () => {
    const { user } = renderForm({ schema, uiSchema, formData: { allocation: { equity: 40 } } });
    const total = document.getElementById('root_allocation__total')!;
    expect(total.textContent).toBe('Total: 40% of 100%');
    expect(total.getAttribute('aria-live')).toBe('polite');
    expect(total.classList).not.toContain('is-complete');
    await user.type(screen.getByLabelText(/Debt/), '50');
    await typingPause();
    expect(total.textContent).toBe('Total: 90% of 100%');
    await user.clear(screen.getByLabelText(/Debt/));
    await user.type(screen.getByLabelText(/Debt/), '60');
    await typingPause();
    expect(total.textContent).toBe('Total: 100% of 100%');
    expect(total.classList).toContain('is-complete');
  });

  it('shows nothing without the option', () => {
    renderForm({ schema, uiSchema: { allocation: { equity: field, debt: field } } });
    expect(document.getElementById('root_allocation__total')).toBeNull();
  });
});
