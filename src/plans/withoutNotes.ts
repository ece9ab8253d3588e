/** Keywords whose values are maps of names to schemas: their keys are names, not keywords. */
const SCHEMA_MAPS = new Set(['properties', '$defs', 'definitions', 'patternProperties', 'dependentSchemas']);

/**
 * A JSON document without the notes a reader of the file needs and a program does not:
 * `$comment` anywhere (the shared documents as everything reads them, nodePlanSource.ts, as a
 * plan's own files lose theirs when composed) and, for the browser's copy of
 * schemas/common/application.schema.json, `description` too (vite.config.ts). A name in
 * `properties` or `$defs` is never a note, whatever it is called.
 */
export function withoutNotes(node: unknown, notes: ReadonlySet<string>, namesHere = false): unknown {
  if (Array.isArray(node)) return node.map((item) => withoutNotes(item, notes));
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => namesHere || !notes.has(key))
      .map(([key, value]) => [key, withoutNotes(value, notes, !namesHere && SCHEMA_MAPS.has(key))]),
  );
}

/** Notes for the people who write plan data (schemas/ anywhere). */
export const COMMENTS: ReadonlySet<string> = new Set(['$comment']);
