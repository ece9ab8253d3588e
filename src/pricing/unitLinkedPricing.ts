import type { AppliedDiscount } from './premiumDiscounts.ts';
import type { GstRate } from './deferredAnnuityBasis.ts';
import type { Scenario, UnitLinkedDiscount } from './unitLinkedBasis.ts';
import type { UnitLinkedInput } from './unitLinkedInput.ts';
import type { Projection, ProjectionTerms } from './unitLinkedProjection.ts';

/** One scenario's projection and its yields (percent, 2 places). */
export interface ScenarioResult {
  scenario: Scenario;
  projection: Projection;
  /** The fund at maturity, rounded. */
  maturityValue: number;
  netYield: number;
  /** Gross return less the net yield as shown. */
  reductionInYield: number;
}

/** Everything a unit-linked quote shows, priced once. */
export interface UnitLinkedPricing {
  input: UnitLinkedInput;
  scenarios: ScenarioResult[];
  /** The scenario the quote panel leads with (the basis's headlineScenario, 8%). */
  headline: ScenarioResult;
  riderInstalmentBeforeDiscounts: number;
  riderDiscounts: AppliedDiscount[];
  /** Discounts switched on that reduce a charge (not only rider premiums). */
  chargeDiscounts: UnitLinkedDiscount[];
  /** Rider premiums of an instalment after their discounts. */
  riderInstalment: number;
  /** Invested premium + rider premiums, before tax. */
  installment: number;
  premiumGstRate: GstRate;
  riderGstRate: GstRate;
  gst: number;
  terms: Omit<ProjectionTerms, 'grossReturnPercent'>;
  /** The mortality table's name as it reads in words ('IALM 2012-14 ultimate'). */
  mortalityTable: string;
}
