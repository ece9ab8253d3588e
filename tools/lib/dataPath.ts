/* Reading and writing plain JSON data (an application, a form's data) along a path of keys. */

type Data = Record<string, unknown>;

/** A deep copy of JSON data (undefined stays undefined). */
export const clone = <T>(value: T): T =>
  value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);

/** The value at `path` in `data`, undefined where the path leaves the data. */
export function valueAt(data: unknown, path: string[]): unknown {
  return path.reduce<unknown>(
    (node, segment) =>
      node && typeof node === 'object' ? (node as Record<string, unknown>)[segment] : undefined,
    data,
  );
}

/** Writes `value` at `path` in `data`, making the objects on the way. */
export function setAt(data: Data, path: string[], value: unknown) {
  let target = data;
  for (const segment of path.slice(0, -1)) {
    if (!target[segment] || typeof target[segment] !== 'object') target[segment] = {};
    target = target[segment] as Data;
  }
  target[path.at(-1)!] = value;
}
