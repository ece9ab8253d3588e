/**
 * Dates as the insurer's business sees them: calendar days in India (Asia/Kolkata),
 * whatever zone the server runs in. Dates travel as 'yyyy-mm-dd' (ISO) or 'dd/mm/yyyy'.
 */
const TIME_ZONE = 'Asia/Kolkata';

/** Spec 02 §9: an application expires 30 days after its policy start date. */
export const EXPIRY_DAYS = 30;

const isoDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The last minute asked about (ms since the epoch / 60,000) and India's date in it. */
let lastMinute = Number.NaN;
let lastDay = '';

/**
 * Today's date in India as 'yyyy-mm-dd': the policy start date of a new application.
 * Asked on almost every request, so the answer is kept for the rest of its minute: India's
 * offset is a whole number of minutes, so its date never changes within one.
 */
export function indiaToday(now: Date = new Date()): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== lastMinute) {
    lastDay = isoDay.format(now);
    lastMinute = minute;
  }
  return lastDay;
}

/** 'yyyy-mm-dd' or 'dd/mm/yyyy' as 'yyyy-mm-dd', or undefined when it is not a real calendar date. */
export function toIsoDate(value: string): string | undefined {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const indian = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  const [year, month, day] = iso ? [iso[1], iso[2], iso[3]] : indian ? [indian[3], indian[2], indian[1]] : [];
  if (!year || !month || !day) return undefined;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const valid =
    date.getUTCFullYear() === Number(year) &&
    date.getUTCMonth() === Number(month) - 1 &&
    date.getUTCDate() === Number(day);
  return valid ? `${year}-${month}-${day}` : undefined;
}

/** Whole days from one 'yyyy-mm-dd' date to a later one. */
export function daysBetween(fromIso: string, toIso: string): number {
  return Math.round((Date.parse(`${toIso}T00:00:00Z`) - Date.parse(`${fromIso}T00:00:00Z`)) / 86_400_000);
}

const dateTimeParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** A moment as India reads it, 'dd/mm/yyyy HH:mm' (the resume list's Datetime). */
export function indiaDateTime(moment: Date): string {
  const parts = dateTimeParts.formatToParts(moment);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}`;
}
