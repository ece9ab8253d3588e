import type { PlanConfig } from '../../../engine/plan/types.ts';
import { factAt } from './factTemplates.ts';
import { fillFacts, withoutCycles, type FactLookup } from './fillFacts.ts';

/**
 * `{{basis.…}}` is a fact the plan's pricing basis owns (a premium maximum, the maximum maturity
 * age, a rider's limits, a strategy's or fund's name), read from its composed pricing-basis.json;
 * in the basis itself, one of its own facts (its wording of the death benefit quotes its percentage).
 */
export const BASIS_FACTS = 'basis.';
export const BASIS_FILE = 'pricing-basis.json';

/**
 * The facts a plan file's templates read: the plan's (its composed plan.json), and `basis.…` from
 * its pricing basis. The basis reads its own facts as composed (`{{basis.deathBenefit.percentOfPremiumsPaid}}`
 * in its own wording), each filled in turn; a fact that comes back to itself is refused.
 */
export function fileFacts({
  plan,
  path,
  file,
  expanded,
  basis,
}: {
  plan: PlanConfig;
  /** The file's plan-relative path. */
  path: string;
  /** Where it is written (relative to schemas/), for messages. */
  file: string;
  /** The file with its `$use`s expanded, templates not yet filled. */
  expanded: unknown;
  /** The plan's composed pricing basis (read only when another file asks for `basis.…`). */
  basis: () => unknown;
}): FactLookup {
  const ownBasis = withoutCycles((factPath) =>
    fillFacts(factAt(expanded, factPath.slice(BASIS_FACTS.length)), facts, file, ''),
  );
  const facts = (factPath: string): unknown => {
    if (!factPath.startsWith(BASIS_FACTS)) return factAt(plan, factPath);
    if (path === BASIS_FILE) return ownBasis(factPath);
    return factAt(basis(), factPath.slice(BASIS_FACTS.length));
  };
  return facts;
}
