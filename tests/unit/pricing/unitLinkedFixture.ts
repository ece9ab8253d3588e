import type { CalculatorRequest, PricedQuote } from '../../../src/pricing/calculator.ts';
import type { UnitLinkedBasis } from '../../../src/pricing/unitLinkedBasis.ts';
import { unitLinked } from '../../../src/pricing/unitLinkedCalculator.ts';
import basisJson from './unitLinkedBasis.fixture.json';
import { inputErrorOf, life, request, tables } from './calculatorFixture.ts';

/** A fresh copy of the example basis, with `change` applied (tests edit rates on it). */
export function exampleBasis(change: (basis: UnitLinkedBasis) => void = () => {}): UnitLinkedBasis {
  const basis = structuredClone(basisJson) as unknown as UnitLinkedBasis;
  change(basis);
  return basis;
}

/** 1,00,000 a year for 10 years, a 20-year term, all in Equity 1. */
export function ulipPlan(changes: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    InstallmentPremiumAmount: 100000,
    PremiumFrequency: 'Yearly',
    PremiumPayingTerm: 10,
    PolicyTerm: 20,
    FundAllocation: { equity1: 100 },
    ...changes,
  };
}

export function ulipRequest(
  changes: Record<string, unknown> = {},
  options: Partial<CalculatorRequest> & { age?: number } = {},
): CalculatorRequest {
  const { age = 35, ...rest } = options;
  return request(ulipPlan(changes), { life: life(age), ...rest });
}

export function priceUlip(
  changes: Record<string, unknown> = {},
  options: Partial<CalculatorRequest> & { age?: number } = {},
  basis: UnitLinkedBasis = exampleBasis(),
): PricedQuote {
  return unitLinked.price(ulipRequest(changes, options), basis, tables);
}

export function ulipInputError(
  changes: Record<string, unknown> = {},
  options: Partial<CalculatorRequest> & { age?: number } = {},
  basis: UnitLinkedBasis = exampleBasis(),
) {
  return inputErrorOf(unitLinked, basis, ulipRequest(changes, options));
}

/** A scenario's illustration table by scenario id ('fourPercent', 'eightPercent'). */
export function scenarioRows(quote: PricedQuote, scenario: string) {
  const table = quote.illustration.tables.find((t) => t.id === `scenario-${scenario}`);
  if (!table) throw new Error(`no table for scenario ${scenario}`);
  return table.rows as Record<string, number>[];
}

/** A display row's value by id, from any list of the quote. */
export function rowValue(
  quote: PricedQuote,
  list: 'youPay' | 'youGet' | 'breakup' | 'explanation',
  id: string,
) {
  const found = quote[list].find((r) => r.id === id);
  if (!found) throw new Error(`no row ${id} in ${list}: ${quote[list].map((r) => r.id).join(', ')}`);
  return found.value;
}
