import { surrenderValue } from './surrenderValue.ts';
import { survivalReturnAt } from './survivalReturns.ts';
import type { DeferredAnnuityBasis } from './deferredAnnuityBasis.ts';
import type { ResolvedDeferredAnnuityInput } from './deferredAnnuityQuote.ts';

/**
 * The benefit rules of one deferred-annuity policy, unrounded, shared by the pricing (which values
 * them) and the illustration (which rounds and prints them), so both use one definition.
 * Policy years are 1-based; annuity year k is policy year n + k.
 */
export interface DeferredAnnuityBenefits {
  defermentYears: number;
  /** Premiums actually paid in a year of deferment: instalment × instalments a year. */
  premiumPaidPerYear: number;
  /** TPP: premiumPaidPerYear × premium paying term. */
  totalPremiumPayable: number;
  /** Higher of the percentage of premiums paid to date and the surrender value (policy year ≤ n). */
  defermentDeathBenefit(policyYear: number): number;
  surrenderValue(policyYear: number): number;
  /** Paid on death (or a covered illness) in annuity year k: the purchase price not yet returned. */
  exitBenefit(k: number): number;
  /** Part of the purchase price returned at the end of annuity year k on survival. */
  survivalReturn(k: number): number;
  /** Annuity of annuity year k per unit of the level annuity (escalation). */
  annuityMultiple(k: number): number;
}

export function deferredAnnuityBenefits(
  basis: DeferredAnnuityBasis,
  input: ResolvedDeferredAnnuityInput,
): DeferredAnnuityBenefits {
  const n = input.premiumPayingTerm;
  const premiumPaidPerYear = input.installmentPremium * input.premiumFrequency.instalmentsPerYear;
  const totalPremiumPayable = premiumPaidPerYear * n;
  const { deathBenefit, surrenderValue: svBasis } = basis.deferment;
  const { returnOfPurchasePrice: rop, survivalReturns, escalation } = input.option;

  const sv = (policyYear: number) => surrenderValue(svBasis, policyYear, n, premiumPaidPerYear);
  const survivalReturn = survivalReturnAt(survivalReturns, totalPremiumPayable);
  const returnedBefore = (k: number): number => {
    let sum = 0;
    for (let j = 1; j < k; j++) sum += survivalReturn(j);
    return sum;
  };

  return {
    defermentYears: n,
    premiumPaidPerYear,
    totalPremiumPayable,
    defermentDeathBenefit: (policyYear) => {
      const percentOfPaid = (deathBenefit.percentOfPremiumsPaid / 100) * premiumPaidPerYear * policyYear;
      return deathBenefit.orSurrenderValue ? Math.max(percentOfPaid, sv(policyYear)) : percentOfPaid;
    },
    surrenderValue: sv,
    exitBenefit: (k) =>
      rop ? Math.max(0, (rop.percentOfPremiumsPaid / 100) * totalPremiumPayable - returnedBefore(k)) : 0,
    survivalReturn,
    annuityMultiple: (k) =>
      escalation ? (1 + escalation.percentPerYear / 100) ** Math.max(0, k - escalation.afterYears) : 1,
  };
}
