import { addDays, addMonths, addYears, format } from 'date-fns';

/**
 * Fixtures write dates relative to today so they stay true as time passes:
 * "{{today}}", "{{today-60y}}", "{{today-45y+1d}}" (y years, m months, d days).
 */
const TOKEN = /^\{\{today((?:[+-]\d+[ymd])*)\}\}$/;

export function resolveFixtureDate(token: string, today: Date = new Date()): string | undefined {
  const match = TOKEN.exec(token);
  if (!match) return undefined;
  let date = today;
  for (const [, sign, amount, unit] of match[1]!.matchAll(/([+-])(\d+)([ymd])/g)) {
    const n = Number(amount) * (sign === '-' ? -1 : 1);
    date = unit === 'y' ? addYears(date, n) : unit === 'm' ? addMonths(date, n) : addDays(date, n);
  }
  return format(date, 'yyyy-MM-dd');
}

/** A deep copy of fixture data with every date token replaced. */
export function resolveFixtureData<T>(data: T, today: Date = new Date()): T {
  if (typeof data === 'string') return (resolveFixtureDate(data, today) ?? data) as T;
  if (Array.isArray(data)) return data.map((item) => resolveFixtureData(item, today)) as T;
  if (data && typeof data === 'object') {
    return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, resolveFixtureData(v, today)])) as T;
  }
  return data;
}

/** yyyy-mm-dd of a date, in local time (as fixtures and quote requests write dates). */
export const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
