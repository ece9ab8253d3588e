import type { DisplayFormat, DisplayRow, IllustrationTable } from './calculator.ts';
import { indianGrouping } from './indianGrouping.ts';

/*
 * Small builders for the rows every calculator gives the quote panel, the review and the
 * benefit illustration, so the words for amounts and frequencies are the same everywhere.
 */

/** '₹ 1,71,746': whole rupees with Indian grouping (the same digits in the browser, Node and the PDF). */
export function rupees(amount: number): string {
  return `₹ ${indianGrouping(amount)}`;
}

/** What a payment frequency reads as after an amount: 'a year', 'every half-year', 'a quarter', 'a month'. */
const PER_FREQUENCY: Record<string, string> = {
  Yearly: 'a year',
  'Half Yearly': 'every half-year',
  Quarterly: 'a quarter',
  Monthly: 'a month',
  Single: 'once',
};

export function perFrequency(frequency: string): string {
  return PER_FREQUENCY[frequency] ?? frequency.toLowerCase();
}

/** The one-line result: 'Get ₹ 1,71,746 a year', 'Pay ₹ 12,345 a month'. */
export function headline(verb: 'Get' | 'Pay', amount: number, frequency: string): string {
  return `${verb} ${rupees(amount)} ${perFrequency(frequency)}`;
}

/** One display row; optional parts are left out rather than set to undefined. */
export function row(
  id: string,
  label: string,
  value: number | string,
  format: DisplayFormat,
  extra: { suffix?: string; note?: string } = {},
): DisplayRow {
  return {
    id,
    label,
    value,
    format,
    ...(extra.suffix ? { suffix: extra.suffix } : {}),
    ...(extra.note ? { note: extra.note } : {}),
  };
}

/**
 * The columns every year-by-year illustration starts with: the year, the age (and the second
 * life's, for a joint life) and the premiums paid with their tax.
 */
export function premiumColumns(joint = false): IllustrationTable['columns'] {
  return [
    { id: 'policyYear', label: 'Policy Year', format: 'number' },
    { id: 'age', label: 'Age', format: 'number' },
    ...(joint ? [{ id: 'secondAge', label: 'Age (Second Life)', format: 'number' as const }] : []),
    { id: 'premiumPaid', label: 'Premium Paid', format: 'rupees' },
    { id: 'gst', label: 'GST', format: 'rupees' },
    { id: 'totalPremiumsPaid', label: 'Total Premiums Paid', format: 'rupees' },
  ];
}

/** The end of every premium breakup: the tax on the first instalment and what is payable now. */
export function taxRows(gstPercent: number, gst: number, withTax: number): DisplayRow[] {
  return [
    row('gstAmount', `GST (${gstPercent}%)`, gst, 'rupees'),
    row('installmentPremiumWithTaxFY', 'Payable Now', withTax, 'rupees'),
  ];
}

/** A premium breakup without discounts: the instalment, its tax, what is payable now. */
export function premiumBreakup(
  installment: number,
  frequency: string,
  gstPercent: number,
  gst: number,
  withTax: number,
): DisplayRow[] {
  return [
    row('basePremiumAmount', 'Premium', installment, 'rupees', { suffix: perFrequency(frequency) }),
    ...taxRows(gstPercent, gst, withTax),
  ];
}

/**
 * A row's value as the screens and the illustration both write it: '₹ 1,71,746' ('-₹ 4,062'
 * for a discount), '10 Years', 'Age 66', '2.5%', '24/11/2026'. The illustration passes its
 * own currency mark ('Rs.', for the rupee sign its font does not have); nothing else differs.
 */
export function displayValue(value: number | string, format: DisplayFormat, currency = '₹'): string {
  if (typeof value === 'string') {
    const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    return format === 'date' && date ? `${date[3]}/${date[2]}/${date[1]}` : value;
  }
  switch (format) {
    case 'rupees':
      return `${value < 0 ? '-' : ''}${currency} ${indianGrouping(Math.abs(value))}`;
    case 'years':
      return `${value} ${value === 1 ? 'Year' : 'Years'}`;
    case 'age':
      return `Age ${value}`;
    case 'percent':
      return `${value}%`;
    default:
      return Number.isInteger(value) ? indianGrouping(value) : String(value);
  }
}
