import type { QxFunction } from './annuitantMortality.ts';

/** The values a level term premium is balanced from, per rupee of sum assured. */
export interface TermCoverValue {
  /** A¹: value of 1 paid at the end of the year of death within the policy term. */
  deathBenefitValue: number;
  /** ä: value of 1 a year paid at the start of each premium year while alive. */
  premiumAnnuityDue: number;
  /** Gross yearly premium per rupee of sum assured: A¹ ÷ ((1 − renewal) ä − initial). */
  annualRate: number;
}

/**
 * Equivalence principle, annual steps, expenses as percentages of premium:
 *   P ä = SA A¹ + e_r P ä + e_i P,  so  P = SA A¹ ÷ ((1 − e_r) ä − e_i),
 * with premiums at the start of policy years 0 … m − 1 (m the premium paying term) and the
 * sum assured at the end of the year of death in years 0 … n − 1 (n the policy term).
 */
export function termCoverValue(
  q: QxFunction,
  entryAge: number,
  terms: {
    policyTerm: number;
    premiumPayingTerm: number;
    interestRatePercent: number;
    initialExpensePercent: number;
    renewalExpensePercent: number;
  },
): TermCoverValue {
  const v = 1 / (1 + terms.interestRatePercent / 100);
  let alive = 1;
  let deathBenefitValue = 0;
  let premiumAnnuityDue = 0;
  for (let t = 0; t < terms.policyTerm; t++) {
    if (t < terms.premiumPayingTerm) premiumAnnuityDue += v ** t * alive;
    const qx = q(entryAge + t);
    deathBenefitValue += v ** (t + 1) * alive * qx;
    alive *= 1 - qx;
  }
  const netOfExpenses =
    (1 - terms.renewalExpensePercent / 100) * premiumAnnuityDue - terms.initialExpensePercent / 100;
  return { deathBenefitValue, premiumAnnuityDue, annualRate: deathBenefitValue / netOfExpenses };
}
