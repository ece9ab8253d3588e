import type { JsonSchema } from '../../engine/schema/bundleSchema.ts';

/*
 * Walks a bundled step schema the way validation reaches it: through properties, items,
 * allOf/anyOf/oneOf, if/then/else and local $refs, keeping where each subschema sits in
 * the file and which field of the data it applies to.
 */

export interface SchemaVisit {
  schema: JsonSchema;
  /** JSON Pointer of the subschema in the (bundled) schema, e.g. /properties/policyHolder/allOf/1/then/... */
  schemaPath: string;
  /** Field names from the form's root to the value it applies to, e.g. ['policyHolder', 'dateOfBirth']. */
  dataPath: string[];
  /** The `if` conditions this subschema sits under, with the branch taken. */
  branches: Array<{ condition: JsonSchema; branch: 'then' | 'else' }>;
}

const COMBINATORS = ['allOf', 'anyOf', 'oneOf'] as const;

function resolveLocal(root: JsonSchema, ref: string): JsonSchema | undefined {
  if (!ref.startsWith('#/')) return undefined;
  let target: unknown = root;
  for (const part of ref.slice(2).split('/')) {
    target = (target as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return target && typeof target === 'object' ? (target as JsonSchema) : undefined;
}

export function walkSchema(root: JsonSchema, visit: (at: SchemaVisit) => void) {
  const seen = new Set<object>();
  const step = (at: SchemaVisit) => {
    const { schema, schemaPath, dataPath, branches } = at;
    if (!schema || typeof schema !== 'object' || seen.has(schema)) return;
    seen.add(schema);
    visit(at);
    const into = (sub: unknown, path: string, data = dataPath, more = branches) =>
      step({
        schema: sub as JsonSchema,
        schemaPath: `${schemaPath}/${path}`,
        dataPath: data,
        branches: more,
      });
    for (const [name, sub] of Object.entries((schema.properties as Record<string, JsonSchema>) ?? {})) {
      into(sub, `properties/${name}`, [...dataPath, name]);
    }
    if (schema.items && typeof schema.items === 'object') into(schema.items, 'items', [...dataPath, '*']);
    for (const key of COMBINATORS) {
      ((schema[key] as JsonSchema[]) ?? []).forEach((sub, index) => into(sub, `${key}/${index}`));
    }
    const condition = schema.if as JsonSchema | undefined;
    if (condition) {
      into(condition, 'if');
      if (schema.then) into(schema.then, 'then', dataPath, [...branches, { condition, branch: 'then' }]);
      if (schema.else) into(schema.else, 'else', dataPath, [...branches, { condition, branch: 'else' }]);
    }
    if (typeof schema.$ref === 'string') {
      const target = resolveLocal(root, schema.$ref);
      if (target) into(target, '$ref');
    }
  };
  step({ schema: root, schemaPath: '', dataPath: [], branches: [] });
}

/** Property names a (bundled) schema may have, across every branch, with their subschemas. */
export function propertySchemas(schema: JsonSchema, root: JsonSchema): Map<string, JsonSchema[]> {
  const out = new Map<string, JsonSchema[]>();
  const seen = new Set<object>();
  const collect = (node: JsonSchema) => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    for (const [name, sub] of Object.entries((node.properties as Record<string, JsonSchema>) ?? {})) {
      out.set(name, [...(out.get(name) ?? []), sub]);
    }
    for (const key of COMBINATORS) for (const sub of (node[key] as JsonSchema[]) ?? []) collect(sub);
    for (const key of ['if', 'then', 'else']) if (node[key]) collect(node[key] as JsonSchema);
    if (typeof node.$ref === 'string') {
      const target = resolveLocal(root, node.$ref);
      if (target) collect(target);
    }
  };
  collect(schema);
  return out;
}

/**
 * Every subschema that applies to the same value as `schema` — itself and what it reaches through
 * allOf/anyOf/oneOf, if/then/else and local $refs — so a field's properties and items can be read
 * whichever branch declares them.
 */
export function variantsOf(schema: JsonSchema, root: JsonSchema): JsonSchema[] {
  const out: JsonSchema[] = [];
  const collect = (node: JsonSchema) => {
    if (!node || typeof node !== 'object' || out.includes(node)) return;
    out.push(node);
    for (const key of COMBINATORS) for (const sub of (node[key] as JsonSchema[]) ?? []) collect(sub);
    for (const key of ['if', 'then', 'else']) if (node[key]) collect(node[key] as JsonSchema);
    if (typeof node.$ref === 'string') {
      const target = resolveLocal(root, node.$ref);
      if (target) collect(target);
    }
  };
  collect(schema);
  return out;
}
