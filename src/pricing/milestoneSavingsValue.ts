import type { QxFunction } from './annuitantMortality.ts';

export interface MilestoneSavingsTerms {
  entryAge: number;
  premiumPayingTerm: number;
  policyTerm: number;
  interestRatePercent: number;
  /** Annualised premium valued each premium year. */
  annualPremium: number;
  initialExpensePercent: number;
  renewalExpensePercent: number;
  /** Milestone income paid at the end of policy year k (1-based) if alive; 0 in other years. */
  milestoneIncome: (policyYear: number) => number;
  /** Death benefit of policy year k before the maturity-benefit floor. */
  deathBenefitFloor: (policyYear: number) => number;
  atLeastMaturityBenefit: boolean;
}

export interface MilestoneSavingsValue {
  /** The guaranteed maturity benefit that balances the values (before any bonus). */
  maturityBenefit: number;
  pvNetPremiums: number;
  pvMilestones: number;
  pvDeathBenefits: number;
  /** Probability of surviving to maturity and v^n. */
  survivalToMaturity: number;
  discountToMaturity: number;
}

/**
 * Equivalence principle, annual steps: the guaranteed maturity benefit G solves
 *   PV(premiums less expenses) = PV(milestone incomes) + PV(death benefits) + G·vⁿ·ₙpₓ,
 * where a death in year k pays max(floor_k, G) when the death benefit is at least the
 * maturity benefit. The right side rises with G, so G is found by bisection (to 0.001 rupee);
 * undefined when even G = 0 costs more than the premiums.
 */
export function milestoneSavingsValue(
  q: QxFunction,
  terms: MilestoneSavingsTerms,
): MilestoneSavingsValue | undefined {
  const v = 1 / (1 + terms.interestRatePercent / 100);
  const n = terms.policyTerm;
  const alive: number[] = [1];
  for (let t = 0; t < n; t++) alive.push(alive[t]! * (1 - q(terms.entryAge + t)));
  let pvNetPremiums = -(terms.initialExpensePercent / 100) * terms.annualPremium;
  let pvMilestones = 0;
  for (let t = 0; t < n; t++) {
    if (t < terms.premiumPayingTerm) {
      pvNetPremiums += (1 - terms.renewalExpensePercent / 100) * terms.annualPremium * v ** t * alive[t]!;
    }
    pvMilestones += terms.milestoneIncome(t + 1) * v ** (t + 1) * alive[t + 1]!;
  }
  const pvDeaths = (g: number): number => {
    let pv = 0;
    for (let t = 0; t < n; t++) {
      const benefit = terms.atLeastMaturityBenefit
        ? Math.max(terms.deathBenefitFloor(t + 1), g)
        : terms.deathBenefitFloor(t + 1);
      pv += benefit * v ** (t + 1) * (alive[t]! - alive[t + 1]!);
    }
    return pv;
  };
  const endowment = v ** n * alive[n]!;
  const shortfall = (g: number) => pvMilestones + pvDeaths(g) + g * endowment - pvNetPremiums;
  if (shortfall(0) > 0) return undefined;
  let low = 0;
  let high = pvNetPremiums / endowment;
  while (shortfall(high) < 0) high *= 2;
  while (high - low > 0.001) {
    const mid = (low + high) / 2;
    if (shortfall(mid) > 0) high = mid;
    else low = mid;
  }
  const maturityBenefit = (low + high) / 2;
  return {
    maturityBenefit,
    pvNetPremiums,
    pvMilestones,
    pvDeathBenefits: pvDeaths(maturityBenefit),
    survivalToMaturity: alive[n]!,
    discountToMaturity: v ** n,
  };
}
