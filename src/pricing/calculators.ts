import { quoteT54 } from './t54Calculator.ts';

/**
 * The quote calculators, keyed by the name a plan gives in plan.json ("calculator"). Each
 * entry names the basis file in the plan's folder; the basis names its mortality table,
 * schemas/common/mortality/<basis.mortality.baseTable>.json. The caller loads both (Vite
 * import in the browser, file read on the server) and passes them to `quote`.
 */
export const calculators = {
  T54: { basisFile: 'pricing-basis.json', quote: quoteT54 },
} as const;

export type CalculatorName = keyof typeof calculators;

/** The calculator a plan names, or an error naming the ones there are. */
export function calculatorFor(name: string): (typeof calculators)[CalculatorName] {
  if (!Object.hasOwn(calculators, name)) {
    throw new Error(`No calculator '${name}' (known: ${Object.keys(calculators).join(', ')})`);
  }
  return calculators[name as CalculatorName];
}
