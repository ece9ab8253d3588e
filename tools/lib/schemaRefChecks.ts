import type Ajv from 'ajv';
import type { JsonSchema } from '../../engine/schema/bundleSchema.ts';
import { didYouMean, listOf, pointerSegment, type Problem } from './problem.ts';

/*
 * Every reference of a schema resolves, and every keyword is one ajv knows — each problem at
 * the `$ref` or the keyword as written (file and JSON Pointer), with "did you mean …" for a
 * misspelt definition, document or keyword. Without this, a missing $ref target stops the
 * plan's bundling with no place named, and ajv's strict mode names the keyword but not where.
 */

const SCHEMA_HOST = 'https://schemas.bimaflow.in/';

/** Keywords whose value is data (or words), not a schema: nothing in them is a keyword. */
const DATA_KEYWORDS = new Set([
  'enum',
  'const',
  'default',
  'examples',
  'errorMessage',
  '$comment',
  'title',
  'description',
]);
/** Keywords whose value maps names to schemas. */
const NAMED_SCHEMAS = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
  'dependencies',
]);
/** Keywords of JSON Schema that annotate or identify, which ajv accepts without a rule. */
const ANNOTATIONS = [
  '$schema',
  '$id',
  '$defs',
  'definitions',
  '$anchor',
  'title',
  'description',
  'default',
  'examples',
  'readOnly',
  'writeOnly',
  'deprecated',
  'contentMediaType',
  'contentEncoding',
];

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The file (relative to schemas/) a shared document's $id names: 'common/defs.schema.json'. */
export function fileOfId(id: string): string {
  return id.startsWith(SCHEMA_HOST) ? id.slice(SCHEMA_HOST.length) : id;
}

/** Every schema object of a document with its JSON Pointer, data keywords' values left out. */
export function eachSchema(schema: unknown, visit: (node: Record<string, unknown>, pointer: string) => void) {
  const walk = (node: unknown, pointer: string) => {
    if (Array.isArray(node)) {
      node.forEach((item, index) => walk(item, `${pointer}/${index}`));
      return;
    }
    if (!isObject(node)) return;
    visit(node, pointer);
    for (const [key, value] of Object.entries(node)) {
      if (DATA_KEYWORDS.has(key)) continue;
      const at = `${pointer}/${pointerSegment(key)}`;
      if (NAMED_SCHEMAS.has(key) && isObject(value)) {
        for (const [name, sub] of Object.entries(value)) walk(sub, `${at}/${pointerSegment(name)}`);
      } else walk(value, at);
    }
  };
  walk(schema, '');
}

interface RefTarget {
  /** The document a reference names, by its $id; undefined when none has that $id. */
  document: unknown;
  documentName: string;
  pointer: string;
}

/** Why a pointer does not resolve in a document ('has no "fulName" under /$defs (did you mean "fullName"?)'), or undefined. */
function missingAt(document: unknown, pointer: string): string | undefined {
  const segments =
    pointer === ''
      ? []
      : pointer
          .replace(/^\//, '')
          .split('/')
          .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  let current = document;
  const walked: string[] = [];
  for (const segment of segments) {
    const keys = Array.isArray(current)
      ? current.map((_, index) => String(index))
      : isObject(current)
        ? Object.keys(current)
        : [];
    if (!keys.includes(segment)) {
      const under = walked.length ? `/${walked.map(pointerSegment).join('/')}` : 'the top';
      return `has no "${segment}" under ${under}${didYouMean(segment, keys)}`;
    }
    current = Array.isArray(current)
      ? current[Number(segment)]
      : (current as Record<string, unknown>)[segment];
    walked.push(segment);
  }
  return current === undefined || (typeof current !== 'object' && typeof current !== 'boolean')
    ? 'names a value that is not a schema'
    : undefined;
}

/**
 * Every `$ref` of a schema document that does not resolve, at the `$ref` (file and pointer).
 * `documents` are the documents a reference may name, by $id (the shared ones and the plan's).
 */
export function checkRefs(file: string, schema: JsonSchema, documents: Map<string, unknown>): Problem[] {
  const problems: Problem[] = [];
  const baseId = typeof schema.$id === 'string' ? schema.$id : undefined;
  eachSchema(schema, (node, pointer) => {
    const ref = node.$ref;
    if (typeof ref !== 'string') return;
    let target: RefTarget;
    if (ref.startsWith('#')) {
      target = { document: schema, documentName: 'this file', pointer: decodeURIComponent(ref.slice(1)) };
    } else {
      let url: URL;
      try {
        url = new URL(ref, baseId);
      } catch {
        problems.push({
          file,
          where: `${pointer}/$ref`,
          message: `$ref "${ref}" is not a reference this file can resolve (it has no $id to resolve it against)`,
        });
        return;
      }
      const refPointer = decodeURIComponent(url.hash.replace(/^#/, ''));
      url.hash = '';
      const name = fileOfId(url.href);
      target = { document: documents.get(url.href), documentName: name, pointer: refPointer };
      if (target.document === undefined) {
        const known = [...documents.keys()].map(fileOfId);
        const base = name.split('/').pop()!;
        const close = didYouMean(
          base,
          known.map((k) => k.split('/').pop()!),
        );
        problems.push({
          file,
          where: `${pointer}/$ref`,
          message: `$ref "${ref}" names ${name}, which is not a schema document${close}; the shared documents are ${listOf(known.filter((k) => k.startsWith('common/')))}`,
        });
        return;
      }
    }
    const missing = missingAt(target.document, target.pointer);
    if (missing) {
      problems.push({
        file,
        where: `${pointer}/$ref`,
        message: `$ref "${ref}" does not resolve: ${target.documentName} ${missing}`,
      });
    }
  });
  return problems;
}

/** The keywords an ajv instance knows, with the annotations JSON Schema allows. */
export function knownKeywords(ajv: Ajv): string[] {
  const rules = (ajv as unknown as { RULES: { all: Record<string, unknown> } }).RULES.all;
  return [...new Set([...Object.keys(rules), ...ANNOTATIONS])];
}

/**
 * What ajv's strict compile said, at the place in the schema it is about: an unknown keyword at
 * each place it is written (with "did you mean"), an unknown format at the path ajv names.
 * Undefined when the message names no place.
 */
export function strictProblems(
  file: string,
  schemas: Array<{ file: string; schema: unknown }>,
  message: string,
  ajv: Ajv,
): Problem[] | undefined {
  const keyword = /unknown keyword: "([^"]+)"/.exec(message)?.[1];
  if (keyword !== undefined) {
    const hint = didYouMean(keyword, knownKeywords(ajv));
    const found: Problem[] = [];
    for (const { file: at, schema } of schemas) {
      eachSchema(schema, (node, pointer) => {
        if (Object.hasOwn(node, keyword)) {
          found.push({
            file: at,
            key: true,
            where: `${pointer}/${pointerSegment(keyword)}`,
            message: `unknown keyword "${keyword}"${hint}: ajv's strict mode rejects a keyword it does not know (a note for builders goes in "$comment")`,
          });
        }
      });
      if (found.length) return found;
    }
    return undefined;
  }
  const format = /unknown format "([^"]+)" ignored in schema at path "#([^"]*)"/.exec(message);
  if (format) {
    const known = Object.keys((ajv as unknown as { formats: Record<string, unknown> }).formats ?? {});
    return [
      {
        file,
        where: `${format[2]}/format`,
        message: `unknown format "${format[1]}"${didYouMean(format[1]!, known)}; known formats: ${listOf(known)} (engine/validation/configureAjv.ts)`,
      },
    ];
  }
  return undefined;
}
