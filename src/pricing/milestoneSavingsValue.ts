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
  /** What a death in policy year k pays at the least, whatever else: a share of the premiums paid to date. */
  premiumsPaidFloor: (policyYear: number) => number;
  /** The plan's full life cover for a maturity benefit g: a multiple of the premium, and g itself where the basis says so. */
  lifeCover: (maturityBenefit: number) => number;
  /** The least maturity benefit guaranteed: what, with the milestone incomes, pays back the premiums. */
  minimumMaturityBenefit: number;
}

export interface MilestoneSavingsValue {
  /** The guaranteed maturity benefit that balances the values (before any bonus). */
  maturityBenefit: number;
  /**
   * The share of the full life cover the premiums fund, 0 to 1: 1 unless the maturity benefit
   * is held at its minimum, when the life cover above the premiums-paid floor is scaled down.
   */
  coverScale: number;
  pvNetPremiums: number;
  pvMilestones: number;
  pvDeathBenefits: number;
  /** Probability of surviving to maturity and v^n. */
  survivalToMaturity: number;
  discountToMaturity: number;
}

/** Bisection for the root of a rising function, within `tolerance`. */
function rootOf(f: (x: number) => number, low: number, high: number, tolerance: number): number {
  while (high - low > tolerance) {
    const mid = (low + high) / 2;
    if (f(mid) > 0) high = mid;
    else low = mid;
  }
  return (low + high) / 2;
}

/**
 * Equivalence principle, annual steps: the guaranteed maturity benefit G and the share s of the
 * life cover solve
 *   PV(premiums less expenses) = PV(milestone incomes) + PV(death benefits) + G·vⁿ·ₙpₓ,
 * where a death in year k pays max(floor_k, s × cover(G)) (floor_k: the premiums-paid floor;
 * cover: the multiple of the premium and, where the basis says so, G). With the full cover
 * (s = 1), G is found by bisection (to 0.001 rupee). When even the minimum G
 * costs more than the premiums with the full cover, G stays at its minimum (the guarantee) and
 * s is found by bisection instead; undefined when even s = 0 (each death paying only its
 * floor) costs more than the premiums.
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
  const pvDeaths = (g: number, s: number): number => {
    const cover = s * terms.lifeCover(g);
    let pv = 0;
    for (let t = 0; t < n; t++) {
      pv += Math.max(terms.premiumsPaidFloor(t + 1), cover) * v ** (t + 1) * (alive[t]! - alive[t + 1]!);
    }
    return pv;
  };
  const endowment = v ** n * alive[n]!;
  const shortfall = (g: number, s: number) => pvMilestones + pvDeaths(g, s) + g * endowment - pvNetPremiums;
  const minimum = Math.max(0, terms.minimumMaturityBenefit);
  let maturityBenefit = minimum;
  let coverScale = 1;
  if (shortfall(minimum, 1) <= 0) {
    let high = pvNetPremiums / endowment;
    while (shortfall(high, 1) < 0) high *= 2;
    maturityBenefit = Math.max(
      minimum,
      rootOf((g) => shortfall(g, 1), 0, high, 0.001),
    );
  } else {
    if (shortfall(minimum, 0) > 0) return undefined;
    // The cover to 0.001 rupee.
    const tolerance = 0.001 / Math.max(1, terms.lifeCover(minimum));
    coverScale = rootOf((s) => shortfall(minimum, s), 0, 1, tolerance);
  }
  return {
    maturityBenefit,
    coverScale,
    pvNetPremiums,
    pvMilestones,
    pvDeathBenefits: pvDeaths(maturityBenefit, coverScale),
    survivalToMaturity: alive[n]!,
    discountToMaturity: v ** n,
  };
}
