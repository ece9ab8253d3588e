/**
 * A whole number with Indian digit grouping: 50000 → "50,000", 170108 → "1,70,108",
 * 21234567 → "2,12,34,567". Written out rather than left to Intl so the browser, Node and
 * the PDF agree whatever ICU data is present.
 */
export function indianGrouping(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  const digits = String(Math.round(Math.abs(amount)));
  if (digits.length <= 3) return sign + digits;
  const lastThree = digits.slice(-3);
  const rest = digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${sign}${rest},${lastThree}`;
}
