/**
 * A part of a death benefit paid as a level monthly income for `months` months, the first a
 * month after the claim, worth the part at `interestRatePercent` a year (effective): the
 * income has the same present value as the lump sum it replaces, so the choice does not
 * change the premium. Rounded to the rupee; total = monthly × months.
 */
export function monthlyIncomeFor(
  amount: number,
  months: number,
  interestRatePercent: number,
): { monthly: number; total: number } {
  const j = (1 + interestRatePercent / 100) ** (1 / 12) - 1;
  const annuityCertain = j === 0 ? months : (1 - (1 + j) ** -months) / j;
  const monthly = Math.round(amount / annuityCertain);
  return { monthly, total: monthly * months };
}
