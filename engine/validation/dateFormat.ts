/*
 * The one format of ajv-formats the plans' schemas use (`"format": "date"`), for the browser's
 * precompiled validators: ajv-formats' module holds every format in one object, which a bundle
 * cannot take apart, so the browser gets only this one (engine/validation/standaloneModules.ts
 * lists it; tools/lib/validatorCode.ts refuses a generated validator that asks for another).
 * Equal to ajv-formats' full `date` (RFC 3339 full-date), which the server validates with:
 * tests/unit/engine/dateFormat.test.ts compares the two.
 */

const FULL_DATE = /^(\d\d\d\d)-(\d\d)-(\d\d)$/;

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

function validate(text: string): boolean {
  const match = FULL_DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const days = month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
  return month >= 1 && month <= 12 && day >= 1 && day <= days;
}

function compare(a: string, b: string): number | undefined {
  if (!(a && b)) return undefined;
  return a > b ? 1 : a < b ? -1 : 0;
}

/** ajv-formats' `fullFormats.date`: `{ validate, compare }`. */
export const date = { validate, compare };
