/*
 * Dates and times on the desk are India's (Asia/Kolkata), wherever the staff member's
 * computer thinks it is: a call-back's slot and a funnel's period are days in India.
 */
const INDIA = 'Asia/Kolkata';

const DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: INDIA,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

const DATE_TIME = new Intl.DateTimeFormat('en-IN', {
  timeZone: INDIA,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

const TIME = new Intl.DateTimeFormat('en-IN', {
  timeZone: INDIA,
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** The day in India at `now`, as yyyy-mm-dd. */
export function indiaDate(now: Date): string {
  return DAY.format(now);
}

/** yyyy-mm-dd `days` after (or before, when negative) a yyyy-mm-dd day. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Whether a value is a real calendar day written yyyy-mm-dd. */
export function isCalendarDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && addDays(value, 0) === value;
}

/** An instant as India reads it: '27 Nov 2026, 2:05 pm'. */
export function formatIndiaDateTime(iso: string): string {
  return DATE_TIME.format(new Date(iso));
}

/** An instant's time of day in India: '2:05 pm'. */
export function formatIndiaTime(iso: string): string {
  return TIME.format(new Date(iso));
}
