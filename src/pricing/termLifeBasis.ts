import type {
  AgeRange,
  FlagAdjustment,
  LifeMortalityBasis,
  PlanBasisHeader,
  PlanFrequency,
} from './planBasis.ts';

/**
 * The shape of a term plan's basis (schemas/plans/<CODE>/pricing-basis.json, JSON Schema
 * schemas/pricing/term-life-basis.schema.json); docs/pricing/termLife.md explains each part.
 */
export interface TermLifeOption {
  /** What PlanSectionDetails.DeathBenefitOption sends, e.g. 'LS'. */
  value: string;
  /** The component code saved with the plan details, the plan code and the value. */
  code: string;
  name: string;
  description: string;
  /** Part of the sum assured paid at once on death; the rest is paid as monthly income. */
  lumpSumPercent: number;
  /** How the rest is spread: level monthly instalments, the first a month after the claim. */
  income?: { months: number };
}

export interface TermLifeBasis extends PlanBasisHeader {
  interestRatePercent: number;
  mortality: LifeMortalityBasis & {
    /** Every q, at the age as rated, is multiplied by loadingPercent ÷ 100 (capped at 1). */
    loadingPercent: number;
    /** Every (medically underwritten) life is rated this many years younger, before its gender's setback. */
    underwritingSetbackYears: number;
    /** Every q of a smoker is multiplied by this as well (capped at 1). */
    smokerMultiplier: number;
  };
  expenses: {
    /** Extra expense met by the first year's premium, as a percentage of it. */
    initialPercentOfFirstPremium: number;
    /** Expense met by every premium, as a percentage of it. */
    renewalPercentOfPremium: number;
    note: string;
  };
  ages: { entry: AgeRange; maxCoverAge: number; ageBasis: string };
  policyTerm: { minYears: number; maxYears: number; toAge: { value: string; name: string } };
  premiumPayingTerm: { regular: { value: string; name: string }; limitedYears: number[]; note: string };
  premium: { frequencies: PlanFrequency[]; note: string };
  sumAssured: { min: number; max: number; multipleOf: number };
  /** Applied in this order, each to the premium left after the ones before it. */
  discounts: FlagAdjustment[];
  options: TermLifeOption[];
  /** The rate the monthly income of a death claim is worked out at (present value = the part of the sum assured). */
  deathBenefitIncome: { interestRatePercent: number; note: string };
  illustration: { footnotes: string[] };
  /** The published premiums the rates were calibrated to (docs/pricing/termLife.md, Calibration). */
  calibration?: TermLifeCalibration;
  messages: {
    entryAge: string;
    minimumSumAssured: string;
    maximumSumAssured: string;
    sumAssuredMultiple: string;
    policyTerm: string;
    premiumPayingTerm: string;
    unknownOption: string;
    unknownFrequency: string;
    unknownGender: string;
    proposalDate: string;
  };
}

/** Published premiums a term basis is calibrated to, each with its source. */
export interface TermLifeCalibration {
  note: string;
  /** When the figures were read (ISO date). */
  read: string;
  /** Whom and what every figure prices; the plan is priced alike at each figure's age and term. */
  profile: { description: string; gender: string; smoker: boolean; sumAssured: number; online: boolean };
  /** How far (±%) the plan's premium may sit from the published median at an age. */
  tolerancePercent: number;
  method: string;
  sources: PublishedPremiumSource[];
}

export interface PublishedPremiumSource {
  id: string;
  address: string;
  publisher: string;
  insurer?: string;
  plan?: string;
  kind: 'insurer' | 'insurer-quoted' | 'indicative';
  date: string;
  says: string;
  premiums: {
    age: number;
    policyTerm: number;
    /** Yearly premium before tax. */
    annualPremium: number;
    insurer?: string;
    publishedAs?: string;
  }[];
}
