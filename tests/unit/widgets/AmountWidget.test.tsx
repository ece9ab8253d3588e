// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { renderForm, typingPause } from './formHarness.tsx';

const schema: RJSFSchema = {
  type: 'object',
  properties: {
    investmentAmount: { type: 'string', title: 'Premium amount', maxLength: 21, pattern: '^[0-9][0-9,]*$' },
  },
};
const uiSchema = { investmentAmount: { 'ui:widget': 'AmountWidget', 'ui:options': { prefix: '₹' } } };

describe('AmountWidget', () => {
  it('groups the Indian way as typed and emits the grouped text', async () => {
    const { user, lastData } = renderForm({ schema, uiSchema });
    const input = screen.getByLabelText(/Premium amount/);
    await user.type(input, '12345678');
    expect(input).toHaveProperty('value', '1,23,45,678');
    await typingPause();
    expect(lastData().investmentAmount).toBe('1,23,45,678');
    expect(document.getElementById('root_investmentAmount__prefix')!.textContent).toBe('₹');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('maxlength')).toBe('21');
  });

  it('ignores letters and emits undefined when emptied', async () => {
    const { user, lastData } = renderForm({ schema, uiSchema, formData: { investmentAmount: '50000' } });
    const input = screen.getByLabelText(/Premium amount/);
    expect(input).toHaveProperty('value', '50,000');
    await user.type(input, 'a1');
    await typingPause();
    expect(lastData().investmentAmount).toBe('5,00,001');
    await user.clear(input);
    await typingPause();
    expect(lastData().investmentAmount).toBeUndefined();
  });
});
