import { useCallback, useRef, useSyncExternalStore } from 'react';

/** What a slice subscription needs of a store (the application store, or any like it). */
export interface SelectableStore<S> {
  getState(): S;
  subscribe(listener: () => void): () => void;
}

/** Equal when both are the same, or arrays / plain objects holding the same values (one level deep). */
export function shallowEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  return keysA.every(
    (key) =>
      Object.prototype.hasOwnProperty.call(b, key) &&
      Object.is((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}

/**
 * Subscribes a component to one slice of a store: it re-renders only when the slice changes
 * (by `isEqual`, Object.is unless told), not on every change of the store. While the slice is
 * equal the previous value is returned as it was, so it can feed memos and props unchanged.
 * The selector may be a new function on each render.
 */
export function useStoreSelector<S, T>(
  store: SelectableStore<S>,
  selector: (state: S) => T,
  isEqual: (a: T, b: T) => boolean = Object.is,
): T {
  const memo = useRef<{ state: S; selector: (state: S) => T; value: T }>(undefined);
  const getSnapshot = useCallback(() => {
    const state = store.getState();
    const last = memo.current;
    if (last && last.state === state && last.selector === selector) return last.value;
    const next = selector(state);
    const value = last && isEqual(last.value, next) ? last.value : next;
    memo.current = { state, selector, value };
    return value;
  }, [store, selector, isEqual]);
  return useSyncExternalStore(store.subscribe, getSnapshot, getSnapshot);
}
