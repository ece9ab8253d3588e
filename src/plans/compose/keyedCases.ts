import { isPlainObject } from './mergePatch.ts';

/**
 * A fixture file's cases may be written as an object keyed by case name, so that a plan's override
 * adds a case, changes one (merge patch) or drops one (null); the runner reads them as a list.
 */
export function keyedCases(value: unknown): unknown {
  if (!isPlainObject(value) || !isPlainObject(value.cases)) return value;
  const cases = Object.entries(value.cases).map(([name, item]) => ({ name, ...(item as object) }));
  return { ...value, cases };
}
