/** Maximum length of an amount as shown, commas included (spec 02 §5.2). */
export const AMOUNT_MAX_LENGTH = 21;

const indianGrouping = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0, useGrouping: true });

/**
 * A whole amount in Indian digit grouping: 12345678 → "1,23,45,678". Digit strings are
 * formatted exactly through BigInt, so amounts beyond Number's safe range stay exact.
 */
export function formatIndianAmount(amount: number | bigint | string): string {
  if (typeof amount === 'string') {
    const digits = amount.replace(/\D/g, '');
    return digits === '' ? '' : indianGrouping.format(BigInt(digits));
  }
  return indianGrouping.format(typeof amount === 'number' ? Math.trunc(amount) : amount);
}

/**
 * What the amount field holds for what was typed or pasted: its digits without leading
 * zeros, grouped the Indian way, cut to whole digits so that the grouped text fits in
 * `maxLength` characters. The wire keeps this grouped text (spec 02 §3.4).
 */
export function formatAmountInput(raw: string, maxLength: number = AMOUNT_MAX_LENGTH): string {
  let digits = raw.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  let grouped = formatIndianAmount(digits);
  while (grouped.length > maxLength && digits.length > 0) {
    digits = digits.slice(0, -1);
    grouped = formatIndianAmount(digits);
  }
  return grouped;
}

/** The digits of a grouped amount, e.g. for arithmetic: "1,23,456" → "123456". */
export function amountDigits(grouped: string): string {
  return grouped.replace(/\D/g, '');
}
