import { getByPointer } from '../schema/pointer.ts';
import { ageInDays, ageInYears, parseWireDate } from './age.ts';

/*
 * The checks behind our ajv keywords, as plain functions. The generated validator code
 * calls them by reference, so ajv's standalone code generation can emit
 * `require("…/rules").ageWithin` instead of a closure (CSP without unsafe-eval).
 */

export interface AgeRangeRule {
  /** Minimum age in completed years. */
  min?: number;
  /** Maximum age in completed years (omitted: no maximum). */
  max?: number;
  /** Minimum age in days (for an insured child). */
  minDays?: number;
}

/** True when the wire date is a real date whose age is within the rule's bounds. */
export function ageWithin(value: unknown, rule: AgeRangeRule): boolean {
  const birth = parseWireDate(value);
  if (!birth) return false;
  const today = new Date();
  const days = ageInDays(birth, today);
  if (days < 0) return false;
  if (rule.minDays !== undefined && days < rule.minDays) return false;
  const years = ageInYears(birth, today);
  if (rule.min !== undefined && years < rule.min) return false;
  if (rule.max !== undefined && years > rule.max) return false;
  return true;
}

/**
 * True when the wire date (yyyy-mm-dd) is today or later in the time zone (spec 02 §5.6: a
 * call is booked for today or a later day, in India whatever the visitor's clock says).
 */
export function notBeforeToday(value: unknown, timeZone: string): boolean {
  return typeof value === 'string' && value >= new Date().toLocaleDateString('en-CA', { timeZone });
}

export interface AgeDifferenceRule {
  /** JSON Pointer, into the validated document's root, of the other person's date of birth. */
  from: string;
  /** The largest allowed difference between the two ages, in completed years. */
  maxYears: number;
}

/**
 * True when the two people's ages differ by at most `maxYears`. When the other date is
 * missing or invalid the rule holds: that field reports its own error.
 */
export function ageDifferenceWithin(value: unknown, rootData: unknown, rule: AgeDifferenceRule): boolean {
  const birth = parseWireDate(value);
  const other = parseWireDate(getByPointer(rootData, rule.from));
  if (!birth || !other) return true;
  const today = new Date();
  return Math.abs(ageInYears(birth, today) - ageInYears(other, today)) <= rule.maxYears;
}

export interface MinimumByFrequencyRule {
  /** JSON Pointer, into the validated document's root, of the chosen frequency. */
  frequency: string;
  /** Minimum amount for each frequency value. */
  minimums: Record<string, number>;
}

/** Amount typed with Indian grouping ('1,23,456') as a number; undefined if it has other characters. */
export function parseGroupedAmount(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || !/^[0-9,]+$/.test(value)) return undefined;
  const digits = value.replace(/,/g, '');
  return digits === '' ? undefined : Number(digits);
}

/** The minimum for the frequency currently chosen, or undefined when none applies. */
export function minimumFor(rootData: unknown, rule: MinimumByFrequencyRule): number | undefined {
  const frequency = getByPointer(rootData, rule.frequency);
  return typeof frequency === 'string' ? rule.minimums[frequency] : undefined;
}

/** True when the amount is at least the minimum for the chosen frequency (no frequency: no minimum). */
export function meetsMinimumByFrequency(
  value: unknown,
  rootData: unknown,
  rule: MinimumByFrequencyRule,
): boolean {
  const amount = parseGroupedAmount(value);
  if (amount === undefined) return false;
  const minimum = minimumFor(rootData, rule);
  return minimum === undefined || amount >= minimum;
}

/** True when the amount (Indian grouping allowed) is at most the maximum. */
export function atMostAmount(value: unknown, maximum: number): boolean {
  const amount = parseGroupedAmount(value);
  return amount !== undefined && amount <= maximum;
}

/** True when the amount (Indian grouping allowed) is at least the minimum. */
export function atLeastAmount(value: unknown, minimum: number): boolean {
  const amount = parseGroupedAmount(value);
  return amount !== undefined && amount >= minimum;
}

/**
 * What an object's values add up to, e.g. a split of the premium across funds in whole
 * percentages: numbers and digit strings count, empty or missing values count as 0, anything
 * else is left out (that field reports its own error).
 */
export function totalOfValues(value: unknown): number {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return 0;
  return sumOf(Object.values(value as Record<string, unknown>));
}

/** True when the object's values add up to exactly `total`. */
export function totalsTo(value: unknown, total: number): boolean {
  return totalOfValues(value) === total;
}

/** What the items of a list add up to at one property, and the total they must make. */
export interface ItemsTotalRule {
  /** The property of each item that counts, e.g. a nominee's `share`. */
  property: string;
  /** What the items must add up to, e.g. 100 (percent). */
  total: number;
}

/**
 * What an array's items add up to at the rule's property, e.g. the nominees' shares in whole
 * percentages: counted as totalOfValues counts (a missing item or value counts as 0).
 */
export function totalOfItems(value: unknown, rule: ItemsTotalRule): number {
  if (!Array.isArray(value)) return 0;
  return sumOf(
    value.map((item: unknown) =>
      item && typeof item === 'object' ? (item as Record<string, unknown>)[rule.property] : undefined,
    ),
  );
}

/** True when the array's items add up to exactly the rule's total at its property. */
export function itemsTotalTo(value: unknown, rule: ItemsTotalRule): boolean {
  return totalOfItems(value, rule) === rule.total;
}

/** Numbers and digit strings added up; anything else is left out (its field reports its own error). */
function sumOf(items: unknown[]): number {
  let total = 0;
  for (const item of items) {
    if (typeof item === 'number' && Number.isFinite(item)) total += item;
    else if (typeof item === 'string' && /^[0-9]{1,6}$/.test(item.trim())) total += Number(item.trim());
  }
  return total;
}
