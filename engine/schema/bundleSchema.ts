/*
 * Plan step schemas $ref shared definitions in other documents (schemas/common/*).
 * RJSF resolves only local refs, so the loader bundles each step schema into one
 * self-contained document: every external definition it reaches is copied into the
 * step's own `$defs` and the ref rewritten to point there. Browser and server compile
 * the same bundled document, so they validate alike.
 */

export type JsonSchema = Record<string, unknown>;

export interface SchemaDocuments {
  /** Shared documents by their absolute `$id`. */
  [id: string]: JsonSchema;
}

function splitRef(ref: string, baseId: string): { docId: string; pointer: string } {
  const url = new URL(ref, baseId);
  const pointer = decodeURIComponent(url.hash.replace(/^#/, ''));
  url.hash = '';
  return { docId: url.href, pointer };
}

function localKey(docId: string, pointer: string): string {
  const doc = docId
    .split('/')
    .pop()!
    .replace(/\.schema\.json$|\.json$/, '');
  const name = pointer.replace(/^\/\$defs\//, '').replace(/\//g, '.');
  return `${doc}.${name}`;
}

function resolvePointer(doc: JsonSchema, pointer: string, ref: string): JsonSchema {
  let current: unknown = doc;
  for (const part of pointer.replace(/^\//, '').split('/').filter(Boolean)) {
    current = (current as Record<string, unknown> | undefined)?.[
      part.replace(/~1/g, '/').replace(/~0/g, '~')
    ];
  }
  if (!current || typeof current !== 'object') throw new Error(`Unresolvable $ref "${ref}"`);
  return current as JsonSchema;
}

/** Returns a new schema with every reachable external `$ref` copied into its `$defs`. */
export function bundleSchema(schema: JsonSchema, documents: SchemaDocuments): JsonSchema {
  const rootId = typeof schema.$id === 'string' ? schema.$id : 'https://schemas.bimaflow.in/anonymous.json';
  const defs: Record<string, JsonSchema> = { ...((schema.$defs as Record<string, JsonSchema>) ?? {}) };
  const inProgress = new Set<string>();

  const rewrite = (node: unknown, baseId: string, isRootDoc: boolean): unknown => {
    if (Array.isArray(node)) return node.map((item) => rewrite(item, baseId, isRootDoc));
    if (!node || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        out.$ref = rewriteRef(value, baseId, isRootDoc);
      } else if (key === '$id' || key === '$schema') {
        if (isRootDoc && node === schema) out[key] = value;
      } else if (key === '$defs' && isRootDoc && node === schema) {
        continue; // rebuilt below
      } else {
        out[key] = rewrite(value, baseId, isRootDoc);
      }
    }
    return out;
  };

  const rewriteRef = (ref: string, baseId: string, isRootDoc: boolean): string => {
    const { docId, pointer } = splitRef(ref, baseId);
    if (isRootDoc && docId === rootId) return `#${pointer}`;
    const doc = docId === rootId ? schema : documents[docId];
    if (!doc) throw new Error(`$ref "${ref}" names an unknown document ${docId}`);
    const key = localKey(docId, pointer);
    if (!defs[key] && !inProgress.has(key)) {
      inProgress.add(key);
      defs[key] = rewrite(resolvePointer(doc, pointer, ref), docId, false) as JsonSchema;
      inProgress.delete(key);
    }
    return `#/$defs/${key}`;
  };

  const body = rewrite(schema, rootId, true) as JsonSchema;
  const ownDefs = (schema.$defs as Record<string, JsonSchema>) ?? {};
  for (const [name, def] of Object.entries(ownDefs)) defs[name] = rewrite(def, rootId, true) as JsonSchema;
  return Object.keys(defs).length ? { ...body, $defs: defs } : body;
}
