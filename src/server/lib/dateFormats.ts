import { isValid, parse } from 'date-fns';
import { indiaToday } from '../api/applications/policyDates.ts';

/*
 * Formats of dates the API takes as text (issue 19, item 6): a pattern says only the shape, so
 * 2023-02-30, 31/04/1970 or 00/13/1970 passed; these ask whether the day exists (date-fns'
 * strict parse) and, for a birth date, whether it has come. '' passes: an optional field's
 * unknown, which its pattern allows or refuses.
 */

/** The shapes a date is sent in: ISO, Indian, and the call centre's compact one. */
const DATE_SHAPES: ReadonlyArray<[RegExp, string]> = [
  [/^\d{4}-\d{2}-\d{2}$/, 'yyyy-MM-dd'],
  [/^\d{2}\/\d{2}\/\d{4}$/, 'dd/MM/yyyy'],
  [/^\d{8}$/, 'yyyyMMdd'],
];

/** A moment as integrations stamp it: a day and a time to the minute or second. */
const TIMESTAMP_SHAPES: ReadonlyArray<[RegExp, string]> = [
  [/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/, 'yyyy-MM-dd HH:mm'],
  [/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'yyyy-MM-dd HH:mm:ss'],
  [/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, "yyyy-MM-dd'T'HH:mm"],
  [/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/, "yyyy-MM-dd'T'HH:mm:ss"],
];

const REFERENCE = new Date(2000, 0, 1);

function parsed(text: string, shapes: ReadonlyArray<[RegExp, string]>): Date | undefined {
  const shape = shapes.find(([pattern]) => pattern.test(text));
  if (!shape) return undefined;
  const date = parse(text, shape[1], REFERENCE);
  return isValid(date) ? date : undefined;
}

/** A day that exists, in one of the shapes the API takes. */
export function isCalendarDate(text: string): boolean {
  return text === '' || parsed(text, DATE_SHAPES) !== undefined;
}

/** A day that exists, from 1900 to today in India: nobody is born later, nor is anybody insured older. */
export function isBirthDate(text: string, today = indiaToday()): boolean {
  if (text === '') return true;
  const date = parsed(text, DATE_SHAPES);
  if (!date) return false;
  const iso = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  return date.getFullYear() >= 1900 && iso <= today;
}

/** A moment that exists: a real day and a time of day (24:00 and 99:99 do not). */
export function isTimestamp(text: string): boolean {
  return text === '' || parsed(text, TIMESTAMP_SHAPES) !== undefined;
}

/** The formats request schemas may name, as ajv takes them (src/server/lib/specValidation.ts). */
export const DATE_FORMATS = {
  'calendar-date': isCalendarDate,
  'birth-date': (text: string) => isBirthDate(text),
  timestamp: isTimestamp,
} as const;
