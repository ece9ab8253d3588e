/**
 * What a basis or a table prepares once (a lookup indexed, a range taken, a rate curve drawn),
 * kept beside the object it is derived from for as long as that object lives: the server holds
 * one basis object a plan and basis version, so each is prepared once, not per quote. Bases
 * and tables are read-only once loaded.
 */
export function preparedOnce<K extends object, V>(cache: WeakMap<K, V>, key: K, prepare: (key: K) => V): V {
  let value = cache.get(key);
  if (value === undefined) {
    value = prepare(key);
    cache.set(key, value);
  }
  return value;
}

/** preparedOnce for a value derived from two objects and a name (a table, a basis, a gender). */
export function preparedOncePer<A extends object, B extends object, V>(
  cache: WeakMap<A, WeakMap<B, Map<string, V>>>,
  first: A,
  second: B,
  name: string,
  prepare: () => V,
): V {
  const byName = preparedOnce(
    preparedOnce(cache, first, () => new WeakMap()),
    second,
    () => new Map(),
  );
  let value = byName.get(name);
  if (value === undefined) {
    value = prepare();
    byName.set(name, value);
  }
  return value;
}
