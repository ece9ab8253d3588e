import fastUri from 'fast-uri';
import { describe, expect, it } from 'vitest';
import { buildPlan, commonDocuments } from '../../../engine/plan/buildPlan.ts';
import uriResolver from '../../../engine/schema/uriResolver.ts';
import { compilingValidators } from '../../../engine/validation/createFormValidator.ts';
import { listPlanCodes, readCommonDocuments, readPlanFiles } from '../../../src/plans/nodePlanSource.ts';

/*
 * The browser build gives RJSF engine/schema/uriResolver.ts where it imports fast-uri. For
 * every reference our schemas hold, resolved against their `$id` (and against '#', the base
 * RJSF uses for a schema without one), and for normalised URIs, the two must answer alike.
 */
function refsAndIds(node: unknown, found = { refs: new Set<string>(), ids: new Set<string>() }) {
  if (Array.isArray(node)) node.forEach((item) => refsAndIds(item, found));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.refs.add(value);
      else if (key === '$id' && typeof value === 'string') found.ids.add(value);
      else refsAndIds(value, found);
    }
  }
  return found;
}

const common = commonDocuments(readCommonDocuments());
const schemas = [
  ...readCommonDocuments(),
  ...listPlanCodes().flatMap((code) => {
    const plan = buildPlan(readPlanFiles(code), common, compilingValidators);
    return [...Object.values(plan.steps), ...Object.values(plan.popups)].map((step) => step.schema);
  }),
];
const { refs, ids } = refsAndIds(schemas);
const relativeRefs = [
  '#',
  '#/properties/a%20b',
  'other.json',
  '../common/defs.schema.json#/$defs/x',
  '/abs#/p',
];

describe('uriResolver (fast-uri for RJSF in the browser)', () => {
  it('finds the references and ids it is checked on', () => {
    expect(refs.size).toBeGreaterThan(20);
    expect(ids.size).toBeGreaterThan(10);
  });

  it.each([...ids, '#', 'https://A.Example/x/../y/'])(
    'resolves every reference against %s as fast-uri does',
    (base) => {
      for (const ref of [...refs, ...relativeRefs, 'https://x.example/z#a']) {
        expect(uriResolver.resolve(base, ref), `${ref} against ${base}`).toBe(fastUri.resolve(base, ref));
      }
    },
  );

  it('compares URIs as fast-uri does', () => {
    const pairs: Array<[string, string]> = [
      [
        'https://Schemas.Bimaflow.in/common/defs.schema.json',
        'https://schemas.bimaflow.in/common/defs.schema.json',
      ],
      ['https://a.example/x/../y', 'https://a.example/y'],
      ['https://a.example/y', 'https://a.example/z'],
      ['#/a', '#/a'],
      ['#/a', '#/b'],
      ...[...ids].map((id) => [id, id] as [string, string]),
      ...[...ids].slice(1).map((id, i) => [id, [...ids][i]!] as [string, string]),
    ];
    for (const [a, b] of pairs) expect(uriResolver.equal(a, b), `${a} = ${b}`).toBe(fastUri.equal(a, b));
  });
});
