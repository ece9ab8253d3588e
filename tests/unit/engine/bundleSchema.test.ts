import { describe, expect, it } from 'vitest';
import { bundleSchema } from '../../../engine/schema/bundleSchema.ts';

const common = {
  $id: 'https://schemas.bimaflow.in/common/defs.schema.json',
  $defs: {
    name: { type: 'string', minLength: 2 },
    person: {
      type: 'object',
      properties: { name: { $ref: '#/$defs/name' }, g: { $ref: 'enums.schema.json#/$defs/g' } },
    },
  },
};
const enums = {
  $id: 'https://schemas.bimaflow.in/common/enums.schema.json',
  $defs: { g: { enum: ['M', 'F'] } },
};
const docs = { [common.$id]: common, [enums.$id]: enums };

describe('bundleSchema', () => {
  it('copies external definitions (and what they reference) into $defs and rewrites refs', () => {
    const step = {
      $id: 'https://schemas.bimaflow.in/plans/X/steps/a.schema.json',
      type: 'object',
      properties: {
        holder: { $ref: '../../../common/defs.schema.json#/$defs/person' },
        own: { $ref: '#/$defs/local' },
      },
      $defs: { local: { type: 'number' } },
    };
    const bundled = bundleSchema(step, docs);
    expect(bundled.properties).toEqual({
      holder: { $ref: '#/$defs/defs.person' },
      own: { $ref: '#/$defs/local' },
    });
    expect(bundled.$defs).toEqual({
      local: { type: 'number' },
      'defs.person': {
        type: 'object',
        properties: { name: { $ref: '#/$defs/defs.name' }, g: { $ref: '#/$defs/enums.g' } },
      },
      'defs.name': { type: 'string', minLength: 2 },
      'enums.g': { enum: ['M', 'F'] },
    });
    expect(bundled.$id).toBe(step.$id);
  });

  it('names the unknown document when a ref cannot be resolved', () => {
    expect(() =>
      bundleSchema({ $id: 'https://schemas.bimaflow.in/a.json', $ref: 'nope.json#/$defs/x' }, docs),
    ).toThrow(/nope\.json/);
  });
});
