// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import dialCodes from '../../../schemas/common/dial-codes.schema.json';
import { renderForm, typingPause } from './formHarness.tsx';

// The shape of defs.schema.json's countryCode + mobileByCountryCode, inlined.
const schema = {
  type: 'object',
  required: ['countryCode', 'mobileNumber'],
  properties: {
    countryCode: { ...dialCodes.$defs.dialCode, title: 'Code', default: '91' },
    mobileNumber: { type: 'string', title: 'Mobile number', pattern: '^[0-9]{7,15}$' },
  },
  if: { properties: { countryCode: { const: '91' } } },
  then: { properties: { mobileNumber: { maxLength: 10, pattern: '^[6-9][0-9]{9}$' } } },
  else: { properties: { mobileNumber: { maxLength: 15 } } },
} as RJSFSchema;

// RJSF types ui:options.rows as a textarea's row count; ours is the object's layout.
const uiSchema = {
  'ui:options': { rows: [['countryCode', 'mobileNumber']] },
  countryCode: { 'ui:widget': 'DialCodeWidget' },
  mobileNumber: { 'ui:widget': 'MobileNumberWidget' },
} as unknown as UiSchema;

describe('DialCodeWidget', () => {
  it('shows +91 closed and "+91 India" in the list, defaulting to 91', () => {
    const { container } = renderForm({ schema, uiSchema });
    const select = screen.getByLabelText(/Code/) as HTMLSelectElement;
    expect(select.tagName).toBe('SELECT');
    expect(select.value).toBe('91');
    expect(select.selectedOptions[0]!.textContent).toBe('+91 India');
    expect(container.querySelector('.bf-dial__face')!.textContent).toBe('+91');
    expect(select.options).toHaveLength(dialCodes.$defs.dialCode.enum.length);
    expect(select.options[1]!.textContent).toBe('+93 Afghanistan');
  });

  it('emits the chosen calling code', async () => {
    const { user, lastData, container } = renderForm({ schema, uiSchema });
    await user.selectOptions(screen.getByLabelText(/Code/), '44');
    expect(lastData().countryCode).toBe('44');
    expect(container.querySelector('.bf-dial__face')!.textContent).toBe('+44');
  });

  it('chooses a code reached by arrow keys only on Enter or leaving the select, not at each step', () => {
    const { lastData, container } = renderForm({ schema, uiSchema, formData: { countryCode: '91' } });
    const select = screen.getByLabelText(/Code/) as HTMLSelectElement;
    const changes = () => lastData().countryCode;
    fireEvent.keyDown(select, { key: 'ArrowDown' });
    fireEvent.change(select, { target: { value: '44' } });
    fireEvent.keyDown(select, { key: 'ArrowDown' });
    fireEvent.change(select, { target: { value: '1' } });
    // Shown while browsing, not yet chosen.
    expect(container.querySelector('.bf-dial__face')!.textContent).toBe('+1');
    expect(changes()).not.toBe('1');
    expect(changes()).not.toBe('44');
    fireEvent.blur(select);
    expect(changes()).toBe('1');
    fireEvent.focus(select);
    fireEvent.keyDown(select, { key: 'ArrowUp' });
    fireEvent.change(select, { target: { value: '44' } });
    fireEvent.keyDown(select, { key: 'Enter' });
    expect(changes()).toBe('44');
  });

  it('sits narrow, left of the number, in one grid row', () => {
    const { container } = renderForm({ schema, uiSchema });
    const row = container.querySelector<HTMLElement>('.bf-row')!;
    expect(row.style.gridTemplateColumns).toBe('auto minmax(0, 1fr)');
    const inputs = row.querySelectorAll('select, input');
    expect([...inputs].map((el) => el.id)).toEqual(['root_countryCode', 'root_mobileNumber']);
  });
});

describe('MobileNumberWidget', () => {
  it('keeps digits only and stops at 10 digits for +91', async () => {
    const { user, lastData } = renderForm({ schema, uiSchema });
    const input = screen.getByLabelText(/Mobile number/);
    expect(input.getAttribute('type')).toBe('tel');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('autocomplete')).toBe('tel-national');
    expect(input.getAttribute('maxlength')).toBe('10');
    await user.type(input, '98a76-54 3210');
    await typingPause();
    expect(lastData().mobileNumber).toBe('9876543210');
    expect(input).toHaveProperty('value', '9876543210');
  });

  it('allows 15 digits for other codes', async () => {
    const { user } = renderForm({ schema, uiSchema, formData: { countryCode: '44' } });
    expect(screen.getByLabelText(/Mobile number/).getAttribute('maxlength')).toBe('15');
    await user.selectOptions(screen.getByLabelText(/Code/), '91');
    expect(screen.getByLabelText(/Mobile number/).getAttribute('maxlength')).toBe('10');
  });

  it('cleans a pasted number with the country code', () => {
    const { lastData } = renderForm({ schema, uiSchema });
    const input = screen.getByLabelText(/Mobile number/);
    fireEvent.paste(input, { clipboardData: { getData: () => '+91 98765 43210' } });
    expect(lastData().mobileNumber).toBe('9876543210');
  });

  it('emits undefined when emptied so required reports it', async () => {
    const { user, lastData } = renderForm({ schema, uiSchema, formData: { mobileNumber: '98' } });
    await user.clear(screen.getByLabelText(/Mobile number/));
    await typingPause();
    expect(lastData().mobileNumber).toBeUndefined();
  });
});

describe('dial-codes.schema.json', () => {
  it('offers 140 to 150 unique codes, +91 India first, as an enum with a label for each', () => {
    const { enum: codes, 'x-enumNames': titles } = dialCodes.$defs.dialCode;
    expect(titles).toHaveLength(codes.length);
    const options = codes.map((code, index) => ({ const: code, title: titles[index]! }));
    expect(options.length).toBeGreaterThanOrEqual(140);
    expect(options.length).toBeLessThanOrEqual(150);
    expect(options[0]).toEqual({ const: '91', title: '+91 India' });
    expect(new Set(options.map((o) => o.const)).size).toBe(options.length);
    expect(options.every((o) => /^\d{1,3}$/.test(o.const) && o.title.startsWith(`+${o.const} `))).toBe(true);
    expect(options.find((o) => o.const === '1')!.title).toMatch(/^\+1 United States, Canada/);
    expect(options.find((o) => o.const === '7')!.title).toBe('+7 Russia, Kazakhstan');
    expect(options.find((o) => o.const === '971')!.title).toBe('+971 United Arab Emirates');
  });
});
