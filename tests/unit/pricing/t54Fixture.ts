import mortalityJson from '../../../schemas/common/mortality/ialm-2012-14.json';
import type { MortalityTable } from '../../../src/pricing/mortalityTable.ts';
import type { T54Basis } from '../../../src/pricing/t54Basis.ts';
import { quoteT54 } from '../../../src/pricing/t54Calculator.ts';
import type { T54QuoteInput, T54QuoteResult } from '../../../src/pricing/t54Quote.ts';
import { readPlanFile } from '../../../src/plans/nodePlanSource.ts';

const basisJson = readPlanFile('T54', 'pricing-basis.json');

/** The plan's own basis and table, as the browser and the server load them. */
export const basis = basisJson as unknown as T54Basis;
export const mortality: MortalityTable = mortalityJson;

/** The spec's sample illustration (spec 02 §1, PRICING.md), offline and not staff. */
export const sample: T54QuoteInput = {
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

export function quote(changes: Partial<T54QuoteInput> = {}, over: T54Basis = basis): T54QuoteResult {
  return quoteT54({ ...sample, ...changes }, over, mortality);
}

/** A deep copy of the basis to change one parameter in a test. */
export function basisWith(edit: (copy: T54Basis) => void): T54Basis {
  const copy = structuredClone(basis);
  edit(copy);
  return copy;
}
