import { differenceInCalendarDays, differenceInYears, isValid, parseISO } from 'date-fns';

/** Parses a wire date (yyyy-mm-dd) into a local Date, or undefined when it is not a real calendar date. */
export function parseWireDate(value: unknown): Date | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const date = parseISO(value);
  if (!isValid(date)) return undefined;
  // parseISO rolls 2023-02-31 over to March; a rolled-over date is not the one typed.
  const [y, m, d] = value.split('-').map(Number);
  if (date.getFullYear() !== y || date.getMonth() + 1 !== m || date.getDate() !== d) return undefined;
  return date;
}

/** Age in completed years on `today` (birthday not yet reached this year does not count). */
export function ageInYears(birth: Date, today: Date = new Date()): number {
  return differenceInYears(today, birth);
}

/** Whole days lived on `today`; negative for a date in the future. */
export function ageInDays(birth: Date, today: Date = new Date()): number {
  return differenceInCalendarDays(today, birth);
}

/** The age shown beside a date input: 'N Years', 'N Days', or '0 days' (spec 01 §4, §5). */
export function ageLabel(wireDate: unknown, today: Date = new Date()): string | undefined {
  const birth = parseWireDate(wireDate);
  if (!birth) return undefined;
  const days = ageInDays(birth, today);
  if (days <= 0) return '0 days';
  const years = ageInYears(birth, today);
  if (years >= 1) return `${years} Years`;
  return `${days} Days`;
}
