import type { Condition } from './types.ts';
import { getByPointer } from '../schema/pointer.ts';

/*
 * One condition shape for the whole plan (docs/design/composed-plans.md), as JSON Forms has
 * it: `{ "scope": "<JSON Pointer>", "schema": <JSON Schema> }` holds when the value at `scope`
 * matches `schema` (a missing value is `undefined`: `{ "not": { "const": "Myself" } }` holds,
 * `{ "const": "Joint" }` does not). plan.json writes it for what a panel, review section, row
 * or popup shows (`when`) and for the quote's second life; a uiSchema for what a field looks
 * like (`ui:options.when`, with the `set` it applies); the machine's `matchesSchema` guard
 * for where the journey goes.
 *
 * The schemas are checked the way the plan's forms are: precompiled in the browser (the
 * plan's generated validators hold one for every condition), compiled once in Node. buildPlan
 * registers each condition of a plan with its plan's matcher, so `holds` needs nothing else.
 */

/** Whether data matches a JSON Schema: the plan's matcher (LoadedPlan.matchesSchema). */
export type SchemaMatcher = (schema: object, data: unknown) => boolean;

const matchers = new WeakMap<object, SchemaMatcher>();

function isCondition(node: unknown): node is Condition {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return false;
  const { scope, schema } = node as Record<string, unknown>;
  return typeof scope === 'string' && Boolean(schema) && typeof schema === 'object';
}

/** Every condition in a plan's data (plan.json, a uiSchema, a machine), in document order. */
export function conditionsIn(node: unknown, found: Condition[] = []): Condition[] {
  if (Array.isArray(node)) node.forEach((item) => conditionsIn(item, found));
  else if (node && typeof node === 'object') {
    if (isCondition(node)) found.push(node);
    Object.values(node).forEach((value) => conditionsIn(value, found));
  }
  return found;
}

/** Lets `holds` check every condition in `node` with the plan's matcher. */
export function registerConditions(node: unknown, matches: SchemaMatcher): void {
  for (const condition of conditionsIn(node)) matchers.set(condition, matches);
}

/** Whether a condition holds on the data (no condition: it holds). */
export function holds(condition: Condition | undefined, data: unknown): boolean {
  if (!condition) return true;
  const matches = matchers.get(condition);
  if (!matches) {
    throw new Error(
      `The condition on ${condition.scope} is not part of a built plan (engine/plan/buildPlan.ts registers them)`,
    );
  }
  return matches(condition.schema, getByPointer(data, condition.scope));
}
