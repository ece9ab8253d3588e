import type { SurvivalReturns } from './survivalReturns.ts';
import type { FlagAdjustment, PlanBasisHeader, PremiumLimitFrequency, AgeRange } from './planBasis.ts';
import type { AnnuitantMortalityBasis, AnnuityFrequency } from './deferredAnnuityBasis.ts';

/**
 * The shape of a regular-premium guaranteed annuity basis (schemas/plans/<CODE>/pricing-basis.json,
 * JSON Schema schemas/pricing/guaranteed-annuity-basis.schema.json; docs/pricing/guaranteedAnnuity.md).
 */
export interface GuaranteedAnnuityOption {
  /** A short name the request may send (e.g. 'JLS'); the code and the name are accepted too. */
  value: string;
  /** Component code: the plan code and a letter. */
  code: string;
  name: string;
  description: string;
  jointLife: boolean;
  /** Joint options: share of the annuity paid while only the second life is alive (100 = last survivor). */
  secondLifePercent?: number;
  returnOfPurchasePrice?: { percentOfPremiumsPaid: number; on: ('death' | 'criticalIllness')[] };
  survivalReturns?: SurvivalReturns;
  /** Each year the annuity rises by this percentage of the first year's annuity (simple). */
  simpleIncreasePercent?: number;
  /** The annuity is paid for at least these many years from vesting, alive or not. */
  certainYears?: number;
  /** Years between the last premium and vesting. */
  extraDefermentYears?: number;
}

export interface GuaranteedAnnuityBasis extends PlanBasisHeader {
  interestRatePercent: number;
  mortality: AnnuitantMortalityBasis;
  premium: { frequencies: PremiumLimitFrequency[]; premiumPayingTerm: AgeRange; note: string };
  ages: { entry: AgeRange; secondLife: AgeRange; ageBasis: string };
  deferment: {
    /** Death before vesting: the higher of a percentage of premiums paid and premiums paid accumulated at a rate. */
    deathBenefit: { percentOfPremiumsPaid: number; accumulationRatePercent: number; note: string };
  };
  annuity: {
    timing: string;
    frequencies: AnnuityFrequency[];
    frequencyNote: string;
    bonuses: FlagAdjustment[];
    bonusNote: string;
  };
  criticalIllness: { incidenceAsMultipleOfMortality: number; note: string; footnote: string };
  options: GuaranteedAnnuityOption[];
  illustration: { toAge: number; footnotes: string[] };
  messages: {
    entryAge: string;
    secondLifeAge: string;
    minimumPremium: string;
    maximumPremium: string;
    premiumPayingTerm: string;
    jointOption: string;
    singleOption: string;
    secondLife: string;
    unknownOption: string;
    unknownFrequency: string;
    unknownGender: string;
    proposalDate: string;
  };
}
