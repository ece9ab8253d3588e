import type { Calculator } from './calculator.ts';
import { deferredAnnuity } from './deferredAnnuityCalculator.ts';
import { guaranteedAnnuity } from './guaranteedAnnuityCalculator.ts';
import { milestoneSavings } from './milestoneSavingsCalculator.ts';
import { termLife } from './termLifeCalculator.ts';
import { unitLinked } from './unitLinkedCalculator.ts';

/**
 * The quote calculators, keyed by the name a plan gives in plan.json (`calculator`), named by
 * kind, never by plan. Each declares the basis file it reads from the plan's folder; the basis
 * names its mortality table (schemas/common/mortality/<calculator.mortalityTable(basis)>.json).
 * The caller loads both (Vite import in the browser, file read on the server) and prices with
 * `calculator.price(request, basis, { mortality })`.
 */
// Calculator<any>: each entry reads its own basis type; the registry holds them side by side.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const calculators: Record<string, Calculator<any>> = {
  deferredAnnuity,
  termLife,
  milestoneSavings,
  guaranteedAnnuity,
  unitLinked,
};

/** The calculator a plan names, or an error naming the ones there are. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function calculatorFor(name: string): Calculator<any> {
  const calculator = Object.hasOwn(calculators, name) ? calculators[name] : undefined;
  if (!calculator) {
    throw new Error(`No calculator '${name}' (known: ${Object.keys(calculators).join(', ')})`);
  }
  return calculator;
}
