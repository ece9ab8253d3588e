// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { renderForm } from './formHarness.tsx';

const schema: RJSFSchema = {
  type: 'object',
  required: ['payMode'],
  properties: {
    payMode: {
      type: 'string',
      title: 'How would you like to pay?',
      oneOf: [
        { const: 'Online', title: 'Online' },
        { const: 'BASBA', title: 'BASBA' },
        { const: 'Cheque', title: 'Cheque' },
      ],
    },
  },
};
const uiSchema = {
  payMode: {
    'ui:widget': 'RadioCardsWidget',
    'ui:options': {
      cards: {
        Online: { image: '/img/online.svg', description: 'Cards, UPI, net banking' },
        BASBA: { tooltip: 'The premium is blocked in your bank account until the policy is issued.' },
      },
      disabledValues: ['Cheque'],
    },
  },
};

describe('RadioCardsWidget', () => {
  it('renders a labelled radio group of real radios with images, descriptions and tooltips', () => {
    renderForm({ schema, uiSchema });
    const group = screen.getByRole('radiogroup', { name: /How would you like to pay\?/ });
    expect(group.tagName).toBe('FIELDSET');
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(3);
    expect(within(group).getByRole('radio', { name: /Online/ })).toBeTruthy();
    expect(group.querySelector('img')!.getAttribute('src')).toBe('/img/online.svg');
    expect(within(group).getByText('Cards, UPI, net banking').id).toBe('root_payMode-0__description');
    const info = within(group).getByRole('button', { name: 'More about BASBA' });
    const tooltip = document.getElementById(info.getAttribute('aria-describedby')!)!;
    expect(tooltip.getAttribute('role')).toBe('tooltip');
    expect(tooltip.textContent).toMatch(/blocked in your bank account/);
    // The field label is the legend; FieldTemplate draws no second label.
    expect(document.querySelectorAll('label.bf-label')).toHaveLength(0);
  });

  it('emits the chosen value and honours disabledValues', async () => {
    const { user, lastData } = renderForm({ schema, uiSchema });
    await user.click(screen.getByText('BASBA'));
    expect(lastData().payMode).toBe('BASBA');
    expect(screen.getByRole('radio', { name: /BASBA/ })).toHaveProperty('checked', true);
    const cheque = screen.getByRole('radio', { name: /Cheque/ });
    expect(cheque).toHaveProperty('disabled', true);
    await user.click(screen.getByText('Cheque'));
    expect(lastData().payMode).toBe('BASBA');
  });

  it('does not offer hiddenValues at all, and keeps the other radios mapped to their values', () => {
    const hidden = {
      payMode: { ...uiSchema.payMode, 'ui:options': { hiddenValues: ['BASBA'] } },
    };
    const { lastData } = renderForm({ schema, uiSchema: hidden });
    const group = screen.getByRole('radiogroup', { name: /How would you like to pay\?/ });
    expect(within(group).queryByRole('radio', { name: /BASBA/ })).toBeNull();
    expect(within(group).getAllByRole('radio')).toHaveLength(2);
    within(group)
      .getByRole('radio', { name: /Cheque/ })
      .click();
    expect(lastData()).toEqual({ payMode: 'Cheque' });
  });
});
