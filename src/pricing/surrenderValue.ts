import type { SurrenderValueBasis } from './deferredAnnuityBasis.ts';

/**
 * Guaranteed surrender value as a percentage of premiums paid in a policy year of the
 * deferment: the listed early years, the last two years of deferment at the final
 * percentage, and a straight line between the last listed year and those.
 */
export function guaranteedSurrenderPercent(
  basis: SurrenderValueBasis,
  policyYear: number,
  defermentYears: number,
): number {
  const { percentOfPremiumsPaidByPolicyYear: listed, lastTwoYearsPercent } = basis.guaranteed;
  const lastTwoFrom = defermentYears - 1;
  if (policyYear >= lastTwoFrom) return lastTwoYearsPercent;
  const exact = listed[String(policyYear)];
  if (exact !== undefined) return exact;
  const lastListed = Math.max(...Object.keys(listed).map(Number));
  const from = listed[String(lastListed)] ?? 0;
  return from + ((lastTwoYearsPercent - from) * (policyYear - lastListed)) / (lastTwoFrom - lastListed);
}

/**
 * Surrender value at the end of deferment year `policyYear` (1-based) when `premiumPerYear`
 * is paid at the start of each year: the higher of the guaranteed value (a percentage of
 * premiums paid) and the special value (a percentage of premiums paid accumulated at the
 * basis's rate to the end of the year). Unrounded.
 */
export function surrenderValue(
  basis: SurrenderValueBasis,
  policyYear: number,
  defermentYears: number,
  premiumPerYear: number,
): number {
  const paid = premiumPerYear * policyYear;
  const guaranteed = (guaranteedSurrenderPercent(basis, policyYear, defermentYears) / 100) * paid;
  const growth = 1 + basis.special.accumulationRatePercent / 100;
  let accumulated = 0;
  for (let year = 1; year <= policyYear; year++) accumulated = (accumulated + premiumPerYear) * growth;
  const special = (basis.special.percentOfAccumulatedPremiums / 100) * accumulated;
  return Math.max(guaranteed, special);
}
