import type { SurvivalReturns } from './survivalReturns.ts';

/**
 * The shape of a deferred-annuity plan's pricing-basis.json (its JSON Schema is
 * schemas/pricing-basis.schema.json). Every number a quote depends on lives there;
 * percentages are written as percent (5.25 means 5.25%).
 */
export type GenderBasis = { setbackYears: number } | { averageOf: string[] };

export interface AnnuitantMortalityBasis {
  /** File name (without .json) of the base table in schemas/common/mortality/. */
  baseTable: string;
  /** r(x) by age: annuitant q(x) = base q(x) × r(x), linear between the ages, flat outside. */
  annuitantRatios: Record<string, number>;
  approximation: boolean;
  approximationNote: string;
  footnote: string;
  genders: Record<string, GenderBasis>;
  genderAliases: Record<string, string>;
  genderNote: string;
}

export interface PremiumFrequency {
  value: string;
  code: number;
  instalmentsPerYear: number;
  annualisationDivisor: number;
  minimumInstalment: number;
  /** The largest instalment accepted (the maximum investment at this frequency). */
  maximumInstalment: number;
}

export interface AnnuityFrequency {
  value: string;
  code: number;
  paymentsPerYear: number;
  factor: number;
}

export interface AnnuityBonus {
  id: string;
  /** Which input flag switches the bonus on. */
  when: 'online' | 'staff';
  percent: number;
  text: string;
}

export interface SurrenderValueBasis {
  guaranteed: {
    percentOfPremiumsPaidByPolicyYear: Record<string, number>;
    lastTwoYearsPercent: number;
  };
  special: { percentOfAccumulatedPremiums: number; accumulationRatePercent: number };
  note: string;
}

export interface PlanOption {
  code: string;
  name: string;
  description: string;
  jointLife: boolean;
  returnOfPurchasePrice?: { percentOfPremiumsPaid: number; on: ('death' | 'criticalIllness')[] };
  survivalReturns?: SurvivalReturns;
  escalation?: { percentPerYear: number; afterYears: number };
}

export interface GstRate {
  effectiveFrom: string;
  productClass: string;
  firstYearPercent: number;
  renewalPercent: number;
  tax: string;
  note: string;
}

export interface GstBasis {
  productClass: string;
  rates: GstRate[];
  source: string;
}

export interface DeferredAnnuityMessages {
  entryAge: string;
  jointAge: string;
  minimumPremium: string;
  maximumPremium: string;
  premiumPayingTerm: string;
  jointOption: string;
  unknownOption: string;
  unknownFrequency: string;
  unknownGender: string;
  wholeRupees: string;
  dateOfBirth: string;
  proposalDate: string;
  /** A joint-life request without its second life. */
  secondLife: string;
}

export interface DeferredAnnuityBasis {
  planCode: string;
  calculator: string;
  basisDate: string;
  description: string;
  interestRatePercent: number;
  mortality: AnnuitantMortalityBasis;
  premium: {
    frequencies: PremiumFrequency[];
    premiumPayingTerm: { min: number; max: number };
    premiumType: string;
    note: string;
  };
  ages: {
    entry: { min: number; max: number };
    jointLife: { min: number; max: number; maxAgeDifference: number };
    ageBasis: string;
  };
  deferment: {
    deathBenefit: { percentOfPremiumsPaid: number; orSurrenderValue: boolean; note: string };
    surrenderValue: SurrenderValueBasis;
  };
  annuity: {
    timing: string;
    frequencies: AnnuityFrequency[];
    frequencyNote: string;
    bonuses: AnnuityBonus[];
    bonusNote: string;
  };
  criticalIllness: {
    incidenceAsMultipleOfMortality: number;
    coveredFrom: 'vesting';
    note: string;
    footnote: string;
  };
  options: PlanOption[];
  jointLife: { basis: 'lastSurvivor'; note: string };
  gst: GstBasis;
  illustration: { toAge: number; footnotes: string[] };
  messages: DeferredAnnuityMessages;
}
