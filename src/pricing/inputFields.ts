import type { JsonSchema } from '../../engine/schema/bundleSchema.ts';
import { QuoteInputError } from './QuoteInputError.ts';

/*
 * Builders for a calculator's `inputSchema` (the PlanSectionDetails fields it reads) worded as
 * spec 01 §5 "Generic form messages" says: a missing field is '{label} cannot be empty.', any
 * other failure 'Please enter valid {label lowercased}.' (ajv-errors `errorMessage`). The
 * schema checks shape only; ranges, minimums and maximums come from the plan's basis and are
 * checked by the calculator, so the basis stays the one place a limit is written.
 */

export function invalidMessage(label: string): string {
  return `Please enter valid ${label.toLowerCase()}.`;
}

const FREQUENCY_VALUES = ['Yearly', 'Half Yearly', 'Quarterly', 'Monthly', 'Single'];
const FREQUENCY_CODES = [1, 2, 4, 12];

/** Whole rupees, as a number or as digits with Indian commas ('2,00,000'). */
export function amountField(label: string): JsonSchema {
  return {
    title: label,
    type: ['integer', 'string'],
    minimum: 0,
    pattern: '^[0-9][0-9,]{0,20}$',
    errorMessage: invalidMessage(label),
  };
}

/** A number of years, as a number or digits; `textPattern` (a regex) admits named values too ('Regular'). */
export function yearsField(label: string, textPattern?: string): JsonSchema {
  const digits = '^[0-9]{1,3}$';
  const pattern = textPattern ? `^(${textPattern})$|${digits}` : digits;
  return {
    title: label,
    type: ['integer', 'string'],
    minimum: 0,
    maximum: 120,
    pattern,
    errorMessage: invalidMessage(label),
  };
}

/** A payment frequency by name (Yearly …) or by code (1, 2, 4, 12). */
export function frequencyField(label: string): JsonSchema {
  return {
    title: label,
    type: ['string', 'integer'],
    enum: [...FREQUENCY_VALUES, ...FREQUENCY_CODES, ...FREQUENCY_CODES.map(String)],
    errorMessage: invalidMessage(label),
  };
}

/** A non-empty text, e.g. an option's code or name (the basis decides which are known). */
export function textField(label: string, maxLength = 120): JsonSchema {
  return { title: label, type: 'string', minLength: 1, maxLength, errorMessage: invalidMessage(label) };
}

export function choiceField(label: string, values: string[]): JsonSchema {
  return { title: label, type: 'string', enum: values, errorMessage: invalidMessage(label) };
}

/**
 * The calculator's part of PlanSectionDetails: open (the common fields, ProductUIN, IsStaff …,
 * sit beside them), every required field reporting '{title} cannot be empty.'.
 */
export function planSectionSchema(properties: Record<string, JsonSchema>, required: string[]): JsonSchema {
  return {
    type: 'object',
    properties,
    required,
    additionalProperties: true,
    errorMessage: {
      required: Object.fromEntries(
        required.map((name) => [name, `${String(properties[name]?.title ?? name)} cannot be empty.`]),
      ),
    },
  };
}

/** A whole number from the request (200000, '2,00,000'); QuoteInputError naming the field otherwise. */
export function wholeNumberIn(plan: Record<string, unknown>, field: string, label: string): number {
  const value = plan[field];
  const amount =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^[0-9][0-9,]*$/.test(value.trim())
        ? Number(value.replace(/,/g, ''))
        : NaN;
  if (!Number.isSafeInteger(amount)) throw new QuoteInputError(field, invalidMessage(label));
  return amount;
}

/** A text from the request, trimmed; QuoteInputError when missing. */
export function textIn(plan: Record<string, unknown>, field: string, label: string): string {
  const value = plan[field];
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string' || value.trim() === '') {
    throw new QuoteInputError(field, `${label} cannot be empty.`);
  }
  return value.trim();
}

/** A frequency name from its name or code, as the basis lists them. */
export function frequencyIn(
  plan: Record<string, unknown>,
  field: string,
  label: string,
  list: { value: string; code: number }[],
): string {
  const text = textIn(plan, field, label);
  if (!/^[0-9]+$/.test(text)) return text;
  return list.find((item) => item.code === Number(text))?.value ?? text;
}
