import { indianGrouping } from './indianGrouping.ts';
import { formatMessage, QuoteInputError } from './QuoteInputError.ts';
import type { AgeRange } from './planBasis.ts';

/*
 * The checks every calculator makes of a request against its basis, each throwing
 * QuoteInputError with the basis's message (templates with {placeholders}).
 */

/** An entry of a basis list by its value, code or name, case-insensitive. */
export function entryOf<T extends { value?: string; code?: string | number; name?: string }>(
  list: T[],
  wanted: string,
  field: string,
  message: string,
): T {
  const key = wanted.trim().toLowerCase();
  const found = list.find((item) =>
    [item.value, item.code, item.name].some((v) => v !== undefined && String(v).toLowerCase() === key),
  );
  if (!found) throw new QuoteInputError(field, formatMessage(message, { value: wanted }));
  return found;
}

/** An age within the basis's limits ('Age should be between 18 and 60'). */
export function checkAge(age: number, range: AgeRange, field: string, message: string): number {
  if (!Number.isInteger(age) || age < range.min || age > range.max) {
    throw new QuoteInputError(field, formatMessage(message, { min: range.min, max: range.max }));
  }
  return age;
}

/** An amount within [min, max], each bound with its own message ({amount} in Indian grouping). */
export function checkAmount(
  amount: number,
  limits: { min: number; max: number },
  field: string,
  messages: { min: string; max: string },
): number {
  if (amount < limits.min) {
    throw new QuoteInputError(field, formatMessage(messages.min, { amount: indianGrouping(limits.min) }));
  }
  if (amount > limits.max) {
    throw new QuoteInputError(field, formatMessage(messages.max, { amount: indianGrouping(limits.max) }));
  }
  return amount;
}

/** The basis's name for a gender ('Transgender' is rated as 'Other'). */
export function genderOf(
  gender: string,
  basis: { genders: Record<string, unknown>; genderAliases: Record<string, string> },
  field: string,
  message: string,
): string {
  const name = basis.genderAliases[gender] ?? gender;
  if (!Object.hasOwn(basis.genders, name))
    throw new QuoteInputError(field, formatMessage(message, { value: gender }));
  return name;
}
