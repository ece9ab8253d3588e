// @vitest-environment jsdom
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { renderForm } from './formHarness.tsx';

// The items' labels in x-enumNames, as plan schemas write a long list (widgets/uiOptions.ts).
const schema = {
  type: 'object',
  required: ['funds'],
  properties: {
    funds: {
      type: 'array',
      title: 'Choose your funds',
      uniqueItems: true,
      minItems: 2,
      items: {
        type: 'string',
        enum: ['EQ1', 'BAL1', 'DEBT1', 'LIQ1'],
        'x-enumNames': ['Equity 1', 'Balanced 1', 'Debt 1', 'Liquid 1'],
      },
    },
  },
} as RJSFSchema;
const uiSchema = {
  funds: {
    'ui:widget': 'CheckboxCardsWidget',
    'ui:options': {
      cards: { BAL1: { description: 'Equity and debt in one fund' } },
      disabledValues: ['LIQ1'],
    },
  },
};

const group = () => screen.getByRole('group', { name: /Choose your funds/ });

describe('CheckboxCardsWidget', () => {
  it('renders a fieldset of real checkboxes labelled by the items’ x-enumNames, the legend naming the group', () => {
    renderForm({ schema, uiSchema });
    const fieldset = group();
    expect(fieldset.tagName).toBe('FIELDSET');
    expect(fieldset.id).toBe('root_funds');
    expect(fieldset.querySelector('legend')!.textContent).toBe('Choose your funds*');
    const boxes = within(fieldset).getAllByRole('checkbox');
    expect(boxes.map((box) => box.id)).toEqual([
      'root_funds-0',
      'root_funds-1',
      'root_funds-2',
      'root_funds-3',
    ]);
    expect(boxes.map((box) => (box as HTMLInputElement).labels?.[0]?.textContent)).toEqual([
      'Equity 1',
      'Balanced 1Equity and debt in one fund',
      'Debt 1',
      'Liquid 1',
    ]);
    const balanced = within(fieldset).getByRole('checkbox', {
      name: 'Balanced 1 Equity and debt in one fund',
    });
    expect(balanced.getAttribute('aria-describedby')).toBe(
      'root_funds-1__description root_funds__error root_funds__help',
    );
    expect(document.getElementById('root_funds-1__description')!.textContent).toBe(
      'Equity and debt in one fund',
    );
    // The legend is the only label: FieldTemplate draws none of its own.
    expect(document.querySelectorAll('label.bf-label')).toHaveLength(0);
  });

  it('ticking and unticking adds and removes values, kept in the options’ order', async () => {
    const { user, lastData } = renderForm({ schema, uiSchema });
    await user.click(screen.getByText('Debt 1'));
    expect(lastData().funds).toEqual(['DEBT1']);
    await user.click(screen.getByText('Equity 1'));
    expect(lastData().funds).toEqual(['EQ1', 'DEBT1']);
    await user.click(screen.getByText('Balanced 1'));
    expect(lastData().funds).toEqual(['EQ1', 'BAL1', 'DEBT1']);
    expect(screen.getByRole('checkbox', { name: /Balanced 1/ })).toHaveProperty('checked', true);
    await user.click(screen.getByText('Equity 1'));
    expect(lastData().funds).toEqual(['BAL1', 'DEBT1']);
    expect(screen.getByRole('checkbox', { name: 'Equity 1' })).toHaveProperty('checked', false);
    await user.click(screen.getByText('Balanced 1'));
    await user.click(screen.getByText('Debt 1'));
    // Nothing chosen is an empty field, as a cleared text field is.
    expect(lastData().funds).toBeUndefined();
  });

  it('is used from the keyboard: Tab reaches each enabled box and Space toggles it', async () => {
    const { user, lastData } = renderForm({ schema, uiSchema, formData: { funds: ['BAL1'] } });
    expect(screen.getByRole('checkbox', { name: /Balanced 1/ })).toHaveProperty('checked', true);
    await user.tab();
    expect(document.activeElement?.id).toBe('root_funds-0');
    await user.keyboard(' ');
    expect(lastData().funds).toEqual(['EQ1', 'BAL1']);
    await user.tab();
    await user.tab();
    expect(document.activeElement?.id).toBe('root_funds-2');
    await user.keyboard(' ');
    expect(lastData().funds).toEqual(['EQ1', 'BAL1', 'DEBT1']);
    // A disabled value cannot be reached or ticked.
    await user.tab();
    expect(document.activeElement?.id).not.toBe('root_funds-3');
    expect(screen.getByRole('checkbox', { name: 'Liquid 1' })).toHaveProperty('disabled', true);
  });

  it('reads labels from oneOf titles too', () => {
    const oneOf: RJSFSchema = {
      type: 'object',
      properties: {
        riders: {
          type: 'array',
          title: 'Riders',
          uniqueItems: true,
          items: {
            type: 'string',
            oneOf: [
              { const: 'ADB', title: 'Accidental Death Benefit' },
              { const: 'WOP', title: 'Waiver of Premium' },
            ],
          },
        },
      },
    };
    renderForm({ schema: oneOf, uiSchema: { riders: { 'ui:widget': 'CheckboxCardsWidget' } } });
    const boxes = within(screen.getByRole('group', { name: 'Riders' })).getAllByRole('checkbox');
    expect(boxes.map((box) => (box as HTMLInputElement).labels?.[0]?.textContent)).toEqual([
      'Accidental Death Benefit',
      'Waiver of Premium',
    ]);
  });

  it('marks the group and its boxes invalid and shows the message when the field has errors', () => {
    const { form } = renderForm({ schema, uiSchema, formData: { funds: ['EQ1'] } });
    const fieldset = group();
    expect(fieldset.getAttribute('aria-invalid')).toBeNull();
    act(() => {
      form.current!.validateForm();
    });
    expect(fieldset.getAttribute('aria-invalid')).toBe('true');
    expect(fieldset.className).toContain('is-invalid');
    expect(fieldset.getAttribute('aria-describedby')).toContain('root_funds__error');
    for (const box of within(fieldset).getAllByRole('checkbox')) {
      expect(box.getAttribute('aria-invalid')).toBe('true');
    }
    const error = document.getElementById('root_funds__error')!;
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.textContent).not.toBe('');
  });
});
