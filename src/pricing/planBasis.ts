import type { GenderBasis, GstBasis } from './deferredAnnuityBasis.ts';

/*
 * Parts every plan basis of the term, savings and annuity calculators shares (each basis
 * file is checked by its own JSON Schema under schemas/pricing/). Percentages are percent.
 */

export interface AgeRange {
  min: number;
  max: number;
}

/** A payment frequency: annual premium = instalment ÷ annualisationDivisor (spec 02 §7). */
export interface PlanFrequency {
  value: string;
  code: number;
  instalmentsPerYear: number;
  annualisationDivisor: number;
}

/** A frequency with the smallest and largest instalment accepted at it. */
export interface PremiumLimitFrequency extends PlanFrequency {
  minimumInstalment: number;
  maximumInstalment: number;
}

/** An adjustment an input flag switches on: a premium discount or a benefit bonus. */
export interface FlagAdjustment {
  id: string;
  when: 'online' | 'staff';
  percent: number;
  text: string;
}

/** IALM-based mortality of one life: gender setbacks and aliases ('Transgender' → 'Other'). */
export interface LifeMortalityBasis {
  baseTable: string;
  genders: Record<string, GenderBasis>;
  genderAliases: Record<string, string>;
  note: string;
  footnote: string;
}

export interface PlanBasisHeader {
  planCode: string;
  calculator: string;
  basisDate: string;
  description: string;
  gst: GstBasis;
}
