import { describe, expect, it } from 'vitest';
import type { LoadedStep } from '../../../../engine/plan/types.ts';
import { KEYWORDS } from '../../../../engine/validation/keywords.ts';
import { ERROR_KEYS, fieldOfStep, formsByStep } from '../../../../src/server/api/analytics/stepFields.ts';
import { planFor } from '../../../../src/server/plans/serverPlans.ts';
import { PROPOSAL_ROOT_STEP } from '../../../../src/shared/stepNames.ts';

/*
 * Issue 20: a funnel event's field must be one its step's form has, found wherever the
 * schema names it; its step one of the plan's; its error key a validation keyword.
 */
const form = (schema: Record<string, unknown>) => ({ schema }) as unknown as LoadedStep;

const SCHEMA = {
  type: 'object',
  properties: {
    holder: {
      type: 'object',
      properties: { fullName: { type: 'string' }, address: { $ref: '#/$defs/address' } },
      allOf: [{ properties: { pan: { type: 'string' } } }],
      if: { properties: { married: { const: true } } },
      then: { properties: { spouseName: { type: 'string' } } },
      else: { properties: { single_reason: { type: 'string' } } },
      dependencies: { pan: { properties: { panName: { type: 'string' } } }, fullName: ['pan'] },
    },
    nominees: { type: 'array', items: { $ref: '#/$defs/nominee' } },
  },
  anyOf: [{ properties: { agent: { type: 'object', properties: { code: { type: 'string' } } } } }],
  oneOf: [{ properties: { mode: { enum: ['a', 'b'] } } }],
  $defs: {
    address: { type: 'object', properties: { pincode: { type: 'string' } } },
    nominee: { type: 'object', properties: { fullName: { type: 'string' }, share: { type: 'integer' } } },
  },
};

describe('a funnel event’s field', () => {
  it('is found through nested objects, allOf/anyOf/oneOf, if/then/else, dependencies and $ref into $defs', () => {
    const step = form(SCHEMA);
    const found: [string, string][] = [
      ['holder', 'holder'],
      ['holder_fullName', 'holder_fullName'],
      ['holder/address/pincode', 'holder_address_pincode'],
      ['holder.pan', 'holder_pan'],
      ['holder_married', 'holder_married'],
      ['holder_spouseName', 'holder_spouseName'],
      // A property whose own name has '_'.
      ['holder_single_reason', 'holder_single_reason'],
      ['holder_panName', 'holder_panName'],
      ['agent_code', 'agent_code'],
      ['mode', 'mode'],
      ['nominees', 'nominees'],
      ['nominees_0', 'nominees_0'],
      ['nominees/2/share', 'nominees_2_share'],
    ];
    for (const [field, stored] of found) expect(fieldOfStep(step, field), field).toBe(stored);
  });

  it('is nothing else: not a value, not a place the schema does not name', () => {
    const step = form(SCHEMA);
    for (const field of [
      '',
      'ABCDE1234F',
      'ravi.kumar',
      'holder_ravi',
      'holder_fullName_ravi',
      'holder_',
      '_holder',
      'holder__fullName',
      'nominees_ravi',
      'nominees_1234_share',
      'nominees_0_pan',
      'address_pincode',
      'pincode',
      'holder_fullName_0',
    ]) {
      expect(fieldOfStep(step, field), field).toBeUndefined();
    }
  });

  it('knows a real plan’s forms: T54’s nominees, and an appointee only in the schema’s then', () => {
    const plan = planFor('T54')!;
    const forms = formsByStep(plan);
    expect([...forms.keys()].slice(0, 5)).toEqual(Object.keys(plan.steps));
    expect(forms.get(PROPOSAL_ROOT_STEP)).toBe(plan.proposal['']);
    const nominee = forms.get('personal-details/nominee')!;
    expect(fieldOfStep(nominee, 'nominees_0_dateOfBirth')).toBe('nominees_0_dateOfBirth');
    expect(fieldOfStep(nominee, 'appointee.fullName')).toBe('appointee_fullName');
    expect(fieldOfStep(nominee, 'policyHolder_fullName')).toBeUndefined();
    expect(fieldOfStep(forms.get('basic-details')!, 'policyHolder/dateOfBirth')).toBe(
      'policyHolder_dateOfBirth',
    );
  });

  it('comes with a validation keyword: ajv’s, the plans’ own, or invalid', () => {
    expect(ERROR_KEYS).toEqual(
      expect.arrayContaining(['required', 'pattern', 'errorMessage', 'invalid', ...KEYWORDS]),
    );
    for (const key of ['9876543210', 'ABCDE1234F', 'ravi', 'value']) expect(ERROR_KEYS).not.toContain(key);
  });
});
