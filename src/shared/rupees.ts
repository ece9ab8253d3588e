/** An amount as the wire may carry it (52950, '52950.00', '52,950'), in rupees; undefined when it is none. */
export function parseRupees(value: unknown): number | undefined {
  let amount: number;
  if (typeof value === 'number') amount = value;
  else if (typeof value === 'string' && value.trim() !== '') amount = Number(value.replace(/[,\s]/g, ''));
  else return undefined;
  return Number.isFinite(amount) && amount >= 0 ? amount : undefined;
}

const wholeRupees = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
const withPaise = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** ₹ with Indian grouping (₹ 1,23,456); paise only when there are some (₹ 52,950.50). */
export function formatRupees(amount: number): string {
  return `₹ ${(Number.isInteger(amount) ? wholeRupees : withPaise).format(amount)}`;
}
