import { isPlainObject } from './mergePatch.ts';

/*
 * How a path names an item of a list, one rule for the whole composition: a `{{fact}}` path
 * (factTemplates.ts), a `$use` pointer (expandUses.ts) and the places tools trace back
 * (sourceOf.ts) all pick an item by its index or by its `id`, `value` or `code`.
 */

/** The keys an array item can be named by: its id, value and code (undefined where it has none). */
export function itemKeys(item: unknown): unknown[] {
  return isPlainObject(item) ? [item.id, item.value, item.code] : [];
}

/**
 * The index of the item `segment` names in `list`: a whole number is the index, any other
 * segment the first item one of whose `keys` it is; -1 when none is.
 */
export function itemIndex(list: readonly unknown[], segment: string, keys = itemKeys): number {
  if (/^\d+$/.test(segment)) return Number(segment);
  return list.findIndex((item) => keys(item).includes(segment));
}
