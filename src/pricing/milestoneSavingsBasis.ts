import type {
  AgeRange,
  FlagAdjustment,
  LifeMortalityBasis,
  PlanBasisHeader,
  PremiumLimitFrequency,
} from './planBasis.ts';

/**
 * The shape of a savings-with-milestone-income basis (schemas/plans/<CODE>/pricing-basis.json,
 * JSON Schema schemas/pricing/milestone-savings-basis.schema.json; docs/pricing/milestoneSavings.md).
 */
export interface MilestoneSavingsBasis extends PlanBasisHeader {
  interestRatePercent: number;
  mortality: LifeMortalityBasis;
  ages: { entry: AgeRange; maxMaturityAge: number; ageBasis: string };
  /** The premium paying term and policy term pairs offered. */
  terms: { premiumPayingTerm: number; policyTerm: number }[];
  premium: { frequencies: PremiumLimitFrequency[]; note: string };
  expenses: { initialPercentOfFirstYearPremium: number; renewalPercentOfPremium: number; note: string };
  /** A percentage of the annualised premium paid at the end of every `everyYears`-th policy year before maturity. */
  milestoneIncome: { percentOfAnnualPremium: number; everyYears: number; note: string };
  deathBenefit: {
    /** Multiple of the annualised premium by entry age (the band from each listed age up). */
    multipleOfAnnualPremiumByEntryAge: Record<string, number>;
    percentOfPremiumsPaid: number;
    /** The death benefit is at least the guaranteed maturity benefit. */
    atLeastMaturityBenefit: boolean;
    note: string;
  };
  /**
   * The guarantee: the milestone incomes and the maturity benefit, as quoted, add up to at least
   * this percentage of the total premiums payable; where they would not, the life cover above
   * the premiums-paid floor is scaled down to fund it (docs/pricing/milestoneSavings.md).
   */
  guaranteedBenefits: { atLeastPercentOfPremiums: number; note: string };
  /** Percentages added to the guaranteed milestone incomes and maturity benefit. */
  bonuses: FlagAdjustment[];
  bonusNote: string;
  option: { code: string; name: string; description: string };
  illustration: { footnotes: string[] };
  messages: {
    entryAge: string;
    minimumPremium: string;
    maximumPremium: string;
    terms: string;
    maturityAge: string;
    unknownFrequency: string;
    unknownGender: string;
    proposalDate: string;
    notPriceable: string;
    /** A frequency whose instalments cannot fund the guarantee where others can ({frequency}, {age}, {frequencies}). */
    frequencyNotPriceable: string;
  };
}

/** The death-benefit multiple for an entry age: the band of the highest listed age not above it. */
export function deathMultipleFor(basis: MilestoneSavingsBasis, entryAge: number): number {
  const bands = Object.entries(basis.deathBenefit.multipleOfAnnualPremiumByEntryAge)
    .map(([age, multiple]) => [Number(age), multiple] as const)
    .filter(([age]) => age <= entryAge)
    .sort((a, b) => b[0] - a[0]);
  return bands[0]?.[1] ?? 0;
}
