import { exitIn, type SurvivalCurve } from './survival.ts';

/**
 * The cash flows of a limited-pay deferred annuity, in annual steps. Premiums are paid at
 * the start of policy years 0..n−1 (n = defermentYears); vesting is at time n; annuity
 * year k (k ≥ 1) is policy year n + k − 1 and its payment falls at its end, time n + k.
 * Amounts that depend on the annuity itself are given per unit of base yearly annuity.
 */
export interface DeferredAnnuityTerms {
  interestRatePercent: number;
  defermentYears: number;
  /** Years premiums are paid, at the start of years 0..premiumYears−1 (default: defermentYears). */
  premiumYears?: number;
  /** Premium valued each year of deferment (the annualised premium). */
  annualPremium: number;
  /** Paid at the end of deferment year t (0-based) if the status leaves in it. */
  defermentDeathBenefit: (t: number) => number;
  /** Paid at the end of annuity year k if the status leaves (dies, or a covered illness) in it. */
  exitBenefit: (k: number) => number;
  /** Paid at the end of annuity year k if the status is still in force. */
  survivalBenefit: (k: number) => number;
  /** Annuity paid at the end of annuity year k, per unit of base yearly annuity. */
  annuityMultiple: (k: number) => number;
}

/**
 * Expected present values at issue, and the base yearly annuity A that balances them:
 *   PV(premiums) = A · PV(unit annuity) + PV(deferment death benefits) + PV(exit benefits)
 *                  + PV(survival benefits)
 */
export interface DeferredAnnuityPrice {
  baseAnnualAnnuity: number;
  pvPremiums: number;
  pvDefermentDeathBenefits: number;
  pvExitBenefits: number;
  pvSurvivalBenefits: number;
  pvUnitAnnuity: number;
  /** Probability the status reaches vesting, and v^n. */
  survivalToVesting: number;
  discountToVesting: number;
}

/**
 * `curves.annuity` is the survival that premiums, the annuity and survival benefits depend
 * on; `curves.benefitTrigger` (default: the same) is the one whose exits pay the death
 * benefits: it also counts a covered critical illness, which returns the purchase price
 * early without the pricing taking credit for the annuity that then stops.
 */
export function priceDeferredAnnuity(
  curves: { annuity: SurvivalCurve; benefitTrigger?: SurvivalCurve },
  terms: DeferredAnnuityTerms,
): DeferredAnnuityPrice {
  const curve = curves.annuity;
  const trigger = curves.benefitTrigger ?? curve;
  const v = 1 / (1 + terms.interestRatePercent / 100);
  const n = terms.defermentYears;
  let pvPremiums = 0;
  let pvDefermentDeathBenefits = 0;
  const premiumYears = terms.premiumYears ?? n;
  for (let t = 0; t < n; t++) {
    if (t < premiumYears) pvPremiums += terms.annualPremium * v ** t * (curve.alive[t] ?? 0);
    pvDefermentDeathBenefits += terms.defermentDeathBenefit(t) * v ** (t + 1) * exitIn(trigger, t);
  }
  let pvExitBenefits = 0;
  let pvSurvivalBenefits = 0;
  let pvUnitAnnuity = 0;
  for (let t = n; t < Math.max(curve.alive.length, trigger.alive.length) - 1; t++) {
    const k = t - n + 1;
    const discount = v ** (t + 1);
    const survive = curve.alive[t + 1] ?? 0;
    pvExitBenefits += terms.exitBenefit(k) * discount * exitIn(trigger, t);
    pvSurvivalBenefits += terms.survivalBenefit(k) * discount * survive;
    pvUnitAnnuity += terms.annuityMultiple(k) * discount * survive;
  }
  const baseAnnualAnnuity =
    (pvPremiums - pvDefermentDeathBenefits - pvExitBenefits - pvSurvivalBenefits) / pvUnitAnnuity;
  return {
    baseAnnualAnnuity,
    pvPremiums,
    pvDefermentDeathBenefits,
    pvExitBenefits,
    pvSurvivalBenefits,
    pvUnitAnnuity,
    survivalToVesting: curve.alive[n] ?? 0,
    discountToVesting: v ** n,
  };
}
