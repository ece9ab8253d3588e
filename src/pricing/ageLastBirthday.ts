const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses yyyy-mm-dd into its parts, or undefined when it is not a real calendar date. */
export function parseIsoDate(text: string): { year: number; month: number; day: number } | undefined {
  const match = ISO_DATE.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return undefined;
  }
  return { year, month, day };
}

/** Completed years from a date of birth to a date (age last birthday); both yyyy-mm-dd. */
export function ageLastBirthday(dateOfBirth: string, onDate: string): number | undefined {
  const birth = parseIsoDate(dateOfBirth);
  const on = parseIsoDate(onDate);
  if (!birth || !on) return undefined;
  const hadBirthday = on.month > birth.month || (on.month === birth.month && on.day >= birth.day);
  return on.year - birth.year - (hadBirthday ? 0 : 1);
}

type DateParts = NonNullable<ReturnType<typeof parseIsoDate>>;

/** The date last parsed by addYearsIso: a quote asks for every anniversary of one date in turn. */
let lastParsed: { text: string; parts: DateParts } | undefined;

function parsedOnce(text: string): DateParts | undefined {
  if (lastParsed?.text === text) return lastParsed.parts;
  const parts = parseIsoDate(text);
  if (parts) lastParsed = { text, parts };
  return parts;
}

/**
 * The same calendar date `years` later (29 February becomes 28 February in a common year).
 * A date is parsed once for all its anniversaries.
 */
export function addYearsIso(date: string, years: number): string {
  const parts = parsedOnce(date);
  if (!parts) throw new Error(`Not a date: ${date}`);
  const year = parts.year + years;
  const day =
    parts.month === 2 && parts.day === 29
      ? Math.min(parts.day, new Date(Date.UTC(year, parts.month, 0)).getUTCDate())
      : parts.day;
  return `${String(year).padStart(4, '0')}-${String(parts.month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
