import mortalityJson from '../../../schemas/common/mortality/ialm-2012-14.json';
import type { MortalityTable } from '../../../src/pricing/mortalityTable.ts';
import type { DeferredAnnuityBasis } from '../../../src/pricing/deferredAnnuityBasis.ts';
import { quoteDeferredAnnuity } from '../../../src/pricing/deferredAnnuityPricing.ts';
import type {
  DeferredAnnuityQuoteInput,
  DeferredAnnuityQuoteResult,
} from '../../../src/pricing/deferredAnnuityQuote.ts';
import { readPlanFile } from '../../../src/plans/nodePlanSource.ts';

const basisJson = readPlanFile('T54', 'pricing-basis.json');

/**
 * The deferredAnnuity calculator's tests price on a plan's real basis: T54's (the one plan of
 * that kind) and its table, as the browser and the server load them.
 */
export const basis = basisJson as unknown as DeferredAnnuityBasis;
export const mortality: MortalityTable = mortalityJson;

/** The spec's sample illustration (spec 02 §1, PRICING.md), offline and not staff. */
export const sample: DeferredAnnuityQuoteInput = {
  life: { age: 55, gender: 'Male' },
  installmentPremium: 200000,
  premiumFrequency: 'Yearly',
  premiumPayingTerm: 10,
  annuityFrequency: 'Yearly',
  planOption: 'T54C',
  staff: false,
  online: false,
  proposalDate: '2026-01-15',
};

export function quote(
  changes: Partial<DeferredAnnuityQuoteInput> = {},
  over: DeferredAnnuityBasis = basis,
): DeferredAnnuityQuoteResult {
  return quoteDeferredAnnuity({ ...sample, ...changes }, over, mortality);
}

/** A deep copy of the basis to change one parameter in a test. */
export function basisWith(edit: (copy: DeferredAnnuityBasis) => void): DeferredAnnuityBasis {
  const copy = structuredClone(basis);
  edit(copy);
  return copy;
}
