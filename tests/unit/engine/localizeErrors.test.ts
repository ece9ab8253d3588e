import { describe, expect, it } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { validateData } from '../../../engine/validation/validateData.ts';
import { formValidator } from '../../../engine/validation/createFormValidator.ts';

const schema = {
  $id: 'https://schemas.bimaflow.in/test/localize.schema.json',
  type: 'object',
  required: ['name', 'pin', 'consent', 'city'],
  properties: {
    name: {
      type: 'string',
      title: 'Full Name',
      minLength: 2,
      errorMessage: { minLength: 'Please enter valid {label}' },
    },
    pin: { type: 'string', title: 'Pincode', pattern: '^[0-9]{6}$' },
    city: { type: 'string', title: 'City', maxLength: 3 },
    consent: { type: 'boolean', title: 'I agree' },
    investmentFrequency: { type: 'string' },
    amount: {
      type: 'string',
      title: 'Amount',
      minimumByFrequency: { frequency: '/investmentFrequency', minimums: { Yearly: 50000 } },
      errorMessage: { minimumByFrequency: 'Minimum Investment Amount should be {amount}.' },
    },
  },
  errorMessage: { required: { consent: 'Please accept all disclaimers' } },
} as RJSFSchema;

function messages(data: unknown) {
  return Object.fromEntries(
    validateData(schema, data, { validator: formValidator() }).errors.map((e) => [e.field, e.message]),
  );
}

describe('spec-worded messages', () => {
  it("says '{label} cannot be empty.' for a required field, and a schema's own required message", () => {
    expect(messages({})).toEqual({
      name: 'Full Name cannot be empty.',
      pin: 'Pincode cannot be empty.',
      city: 'City cannot be empty.',
      consent: 'Please accept all disclaimers',
    });
  });

  it("says 'Please enter valid {label lowercased}.' for a pattern, fills {label}, and falls back", () => {
    expect(messages({ name: 'A', pin: '12', city: 'Pune', consent: true })).toEqual({
      name: 'Please enter valid Full Name',
      pin: 'Please enter valid pincode.',
      city: 'Please enter valid details',
    });
  });

  it('fills {amount} from the failed rule with Indian grouping', () => {
    expect(
      messages({
        name: 'Ab',
        pin: '123456',
        city: 'Goa',
        consent: true,
        investmentFrequency: 'Yearly',
        amount: '4,000',
      }),
    ).toEqual({
      amount: 'Minimum Investment Amount should be 50,000.',
    });
  });

  it('reports a valid document as valid', () => {
    expect(
      validateData(
        schema,
        { name: 'Ab', pin: '123456', city: 'Goa', consent: true },
        { validator: formValidator() },
      ),
    ).toEqual({
      valid: true,
      errors: [],
    });
  });
});
