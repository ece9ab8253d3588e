import { describe, expect, it } from 'vitest';
import { checkUiSchemaFields } from '../../../tools/lib/uiSchemaChecks.ts';

/* A list declared in a then-branch, its items by $ref, as the proposal's other policies are. */
const schema = {
  type: 'object',
  properties: { holds: { type: 'string' }, name: { type: 'string' } },
  if: { properties: { holds: { const: 'Y' } } },
  then: { properties: { policies: { type: 'array', items: { $ref: '#/$defs/policy' } } } },
  $defs: {
    policy: { type: 'object', properties: { insurer: { type: 'string' }, sumAssured: { type: 'number' } } },
  },
};
const check = (ui: unknown) =>
  checkUiSchemaFields('x.ui.json', ui, [schema], schema).map(({ where, message }) => `${where}: ${message}`);

describe('checkUiSchemaFields', () => {
  it('checks a list’s `items` uiSchema against the schema of its items', () => {
    expect(
      check({
        policies: {
          'ui:options': { orderable: false },
          items: { 'ui:order': ['insurer', 'sumAssured', '*'], insurer: { 'ui:widget': 'TextWidget' } },
        },
      }),
    ).toEqual([]);
    expect(check({ policies: { items: { 'ui:order': ['insurer', 'premium'], insurerName: {} } } })).toEqual([
      '/policies/items/ui:order: names "premium", which is not a field of the schema',
      '/policies/items/insurerName: "insurerName" is not a field of the schema (did you mean "insurer"?)',
    ]);
  });

  it('says `items` belongs to a list when the field is not one', () => {
    expect(check({ name: { items: {} } })).toEqual([
      '/name/items: "items" is the uiSchema of a list\'s items, and this field is not a list (an array)',
    ]);
  });
});
