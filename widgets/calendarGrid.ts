import { addDays, getDaysInMonth, startOfMonth } from 'date-fns';

/** Month names for the calendar's month dropdown (English, as the rest of the journey). */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export const WEEKDAY_SHORT = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'] as const;

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** A day as a screen reader hears it on the calendar's day button: 'Tuesday, 15 February 2000'. */
export function dayLabel(day: Date): string {
  return `${WEEKDAY_NAMES[day.getDay()]}, ${day.getDate()} ${MONTH_NAMES[day.getMonth()]} ${day.getFullYear()}`;
}

/**
 * The years the calendar's year dropdown offers, newest first: `yearsBack` years ending at
 * the current year (100 by default, spec 01 §5), plus `yearsAhead` future years for pickers
 * of appointment dates.
 */
export function yearOptions(today: Date, yearsBack = 100, yearsAhead = 0): number[] {
  const last = today.getFullYear() + Math.max(0, yearsAhead);
  const count = Math.max(1, yearsBack + Math.max(0, yearsAhead));
  return Array.from({ length: count }, (_, i) => last - i);
}

/**
 * The day grid of one month as weeks of seven cells, Sunday first; cells outside the month
 * are null so the grid keeps its columns.
 */
export function monthGrid(year: number, month: number): (Date | null)[][] {
  const first = startOfMonth(new Date(year, month, 1));
  const cells: (Date | null)[] = Array.from({ length: first.getDay() }, () => null);
  for (let day = 0; day < getDaysInMonth(first); day += 1) cells.push(addDays(first, day));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (Date | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** Keeps a day of month valid when the visible month changes (31 March → 30 April). */
export function clampDay(year: number, month: number, day: number): Date {
  const days = getDaysInMonth(new Date(year, month, 1));
  return new Date(year, month, Math.min(day, days));
}

/** The day keyboard focus moves to for an arrow, Home/End or PageUp/PageDown key, or undefined for other keys. */
export function moveFocusDay(current: Date, key: string): Date | undefined {
  switch (key) {
    case 'ArrowLeft':
      return addDays(current, -1);
    case 'ArrowRight':
      return addDays(current, 1);
    case 'ArrowUp':
      return addDays(current, -7);
    case 'ArrowDown':
      return addDays(current, 7);
    case 'Home':
      return addDays(current, -current.getDay());
    case 'End':
      return addDays(current, 6 - current.getDay());
    case 'PageUp':
      return clampDay(current.getFullYear(), current.getMonth() - 1, current.getDate());
    case 'PageDown':
      return clampDay(current.getFullYear(), current.getMonth() + 1, current.getDate());
    default:
      return undefined;
  }
}
