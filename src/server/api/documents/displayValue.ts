import type { DisplayFormat, DisplayRow } from '../../../pricing/calculator.ts';
import { indianGrouping } from '../../../pricing/indianGrouping.ts';
import { displayValue as shared } from '../../../pricing/displayRows.ts';
import { indianDate } from './pdfKit.ts';

/*
 * How the benefit illustration writes a calculator's values: the same words the screens use
 * (src/pricing/displayRows.ts displayValue), with 'Rs.' for the rupee sign Helvetica does not have.
 */

function plainNumber(value: number): string {
  return Number.isInteger(value) ? indianGrouping(value) : String(value);
}

/** A row's value with its unit, as the screens write it but with 'Rs.': 'Rs. 1,71,746', '10 Years', 'Age 66'. */
export function displayValue(value: number | string, format: DisplayFormat): string {
  if (typeof value === 'string') return format === 'date' ? indianDate(value) : value;
  return shared(value, format, 'Rs.');
}

/** A row's value and the words after it: 'Rs. 1,71,746 a year'. */
export function rowText(row: DisplayRow): string {
  const value = displayValue(row.value, row.format);
  return row.suffix ? `${value} ${row.suffix}` : value;
}

/**
 * A cell of an illustration table. The column's header names the unit, so a cell is the bare
 * figure: amounts grouped, nil amounts as '-', ages and years as numbers.
 */
export function cellText(value: number | string | undefined, format: DisplayFormat): string {
  if (value === undefined || value === '') return '';
  if (typeof value === 'string') return format === 'date' ? indianDate(value) : value;
  if (format === 'rupees') return value ? indianGrouping(value) : '-';
  if (format === 'percent') return `${value}%`;
  return plainNumber(value);
}
