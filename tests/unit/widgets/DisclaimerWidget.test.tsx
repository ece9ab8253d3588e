// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { renderForm } from './formHarness.tsx';

const contact =
  'I authorise the insurer and its representatives to contact me by call, SMS or e-mail, even if I am registered with the DND registry.';
const schema: RJSFSchema = {
  type: 'object',
  properties: {
    disclamer1: { type: 'boolean', title: contact, const: true, default: false },
    whatsappDisclaimer: { type: 'boolean', title: 'Get updates on WhatsApp', default: false },
  },
};
const uiSchema = {
  disclamer1: { 'ui:widget': 'DisclaimerWidget' },
  whatsappDisclaimer: { 'ui:widget': 'DisclaimerWidget' },
};

describe('DisclaimerWidget', () => {
  it('labels the checkbox with its whole text and starts from the schema default, unticked', () => {
    renderForm({ schema, uiSchema });
    const consent = screen.getByRole('checkbox', { name: contact });
    expect(consent).toHaveProperty('checked', false);
    expect(screen.getByRole('checkbox', { name: 'Get updates on WhatsApp' })).toHaveProperty(
      'checked',
      false,
    );
    // Only the checkbox's own label: FieldTemplate adds none for booleans.
    expect(document.querySelectorAll('label.bf-label')).toHaveLength(0);
  });

  it('emits booleans and reports an unaccepted consent under the field', async () => {
    const { user, lastData, form } = renderForm({ schema, uiSchema });
    await user.click(screen.getByText('Get updates on WhatsApp'));
    expect(lastData().whatsappDisclaimer).toBe(true);
    await user.click(screen.getByText('Get updates on WhatsApp'));
    expect(lastData().whatsappDisclaimer).toBe(false);
    act(() => {
      form.current!.validateForm();
    });
    const consent = screen.getByRole('checkbox', { name: contact });
    expect(consent.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('root_disclamer1__error')!.textContent).not.toBe('');
    await user.click(screen.getByText(contact));
    expect(lastData().disclamer1).toBe(true);
  });
});
