import { annuitantQx } from './annuitantMortality.ts';
import { survivalReturnAt } from './survivalReturns.ts';
import type { GuaranteedAnnuityBasis } from './guaranteedAnnuityBasis.ts';
import type { GuaranteedAnnuityInput } from './guaranteedAnnuityInput.ts';
import type { MortalityTable } from './mortalityTable.ts';
import { lastSurvivorCurve, type SurvivalCurve } from './survival.ts';

/**
 * The benefit rules of one guaranteed-annuity policy, unrounded, shared by the pricing (which
 * values them) and the illustration (which rounds and prints them). Policy years are 1-based;
 * annuity year k is policy year n + k (n = deferment).
 */
export interface GuaranteedAnnuityBenefits {
  premiumPaidPerYear: number;
  totalPremiumPayable: number;
  defermentDeathBenefit(policyYear: number): number;
  exitBenefit(k: number): number;
  survivalReturn(k: number): number;
  annuityMultiple(k: number): number;
}

export function guaranteedAnnuityBenefits(
  basis: GuaranteedAnnuityBasis,
  input: GuaranteedAnnuityInput,
): GuaranteedAnnuityBenefits {
  const m = input.premiumPayingTerm;
  const premiumPaidPerYear = input.installmentPremium * input.premiumFrequency.instalmentsPerYear;
  const totalPremiumPayable = premiumPaidPerYear * m;
  const { returnOfPurchasePrice: rop, survivalReturns, simpleIncreasePercent } = input.option;
  const death = basis.deferment.deathBenefit;
  const growth = 1 + death.accumulationRatePercent / 100;

  const survivalReturn = survivalReturnAt(survivalReturns, totalPremiumPayable);
  return {
    premiumPaidPerYear,
    totalPremiumPayable,
    defermentDeathBenefit: (policyYear) => {
      let accumulated = 0;
      for (let year = 1; year <= policyYear; year++) {
        accumulated = (accumulated + (year <= m ? premiumPaidPerYear : 0)) * growth;
      }
      const paid = premiumPaidPerYear * Math.min(policyYear, m);
      return Math.max((death.percentOfPremiumsPaid / 100) * paid, accumulated);
    },
    exitBenefit: (k) => {
      if (!rop) return 0;
      let returned = 0;
      for (let j = 1; j < k; j++) returned += survivalReturn(j);
      return Math.max(0, (rop.percentOfPremiumsPaid / 100) * totalPremiumPayable - returned);
    },
    survivalReturn,
    annuityMultiple: (k) => (simpleIncreasePercent ? 1 + (simpleIncreasePercent / 100) * (k - 1) : 1),
  };
}

/**
 * The curves priceDeferredAnnuity values with (docs/pricing/guaranteedAnnuity.md):
 * - `annuity`: to vesting, the probability the policy is in force (premiums are paid while
 *   any life is alive); after it, the expected share of the annuity paid at t: the first
 *   life's survival plus the second-life share of the second life surviving it
 *   (S₁ + s·(S₂ − S₁S₂); s = 1 is last survivor), and within a certain period the
 *   probability of reaching vesting (paid alive or not);
 * - `benefitTrigger`: the last survivor leaving (death, or a covered illness after vesting),
 *   which pays the deferment death benefit and the return of the purchase price.
 */
export function guaranteedAnnuityCurves(
  basis: GuaranteedAnnuityBasis,
  input: GuaranteedAnnuityInput,
  mortality: MortalityTable,
): { annuity: SurvivalCurve; benefitTrigger: SurvivalCurve } {
  const n = input.defermentYears;
  const lives = [input.life, ...(input.second ? [input.second] : [])];
  const rates = lives.map((life) => {
    const q = annuitantQx(mortality, basis.mortality, life.gender);
    return (t: number) => q(life.entryAge + t);
  });
  const inForce = lastSurvivorCurve(rates);
  const illness = input.option.returnOfPurchasePrice?.on.includes('criticalIllness')
    ? basis.criticalIllness.incidenceAsMultipleOfMortality
    : 0;
  const benefitTrigger = illness
    ? lastSurvivorCurve(rates.map((q) => (t: number) => (t >= n ? q(t) * (1 + illness) : q(t))))
    : inForce;
  const single = rates.map((q) => lastSurvivorCurve([q]).alive);
  const share = (input.option.secondLifePercent ?? 100) / 100;
  const certainTo = n + (input.option.certainYears ?? 0);
  const alive = inForce.alive.map((p, t) => {
    if (t <= n) return p;
    if (t <= certainTo) return inForce.alive[n] ?? 0;
    const [first = [], second] = single;
    const s1 = first[t] ?? 0;
    if (!second) return s1;
    const s2 = second[t] ?? 0;
    return s1 + share * (s2 - s1 * s2);
  });
  // A certain period can outlast every life: keep paying to its end.
  for (let t = alive.length; t <= certainTo; t++) alive.push(inForce.alive[n] ?? 0);
  return { annuity: { alive }, benefitTrigger };
}
