import Ajv from 'ajv';
import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { configureAjv } from '../../../engine/validation/configureAjv.ts';
import { formValidator } from '../../../engine/validation/createFormValidator.ts';
import { RULES_MODULE } from '../../../engine/validation/keywords.ts';
import {
  precompiledValidators,
  type GeneratedFunctions,
} from '../../../engine/validation/precompiledValidators.ts';
import { totalOfValues, totalsTo } from '../../../engine/validation/rules.ts';
import { validateData } from '../../../engine/validation/validateData.ts';
import { precompiledPlan } from '../../../tools/lib/precompiledPlans.ts';
import { standaloneFor } from '../../../tools/lib/validatorCode.ts';

/*
 * valuesTotal: an object's values (whole numbers, or digits as typed) add up to the number,
 * e.g. a premium split across funds in percent. Its error says what they add up to ({total}),
 * the same from the server's compiling validator and the browser's precompiled one.
 */

const SPLIT_MESSAGE = 'Your fund allocation should add up to 100%; it adds up to {total}%';

const schema = {
  $id: 'https://schemas.bimaflow.in/test/values-total.schema.json',
  type: 'object',
  properties: {
    allocation: {
      type: 'object',
      title: 'Fund Allocation',
      valuesTotal: 100,
      errorMessage: { valuesTotal: SPLIT_MESSAGE },
    },
  },
} as RJSFSchema;

/** The browser's validator of `schema`: ajv's standalone code run with the runtime it requires. */
function precompiledValidator() {
  const code = standaloneFor(schema);
  const generated: GeneratedFunctions = (require) => {
    const exports: Record<string, (data: unknown) => boolean> = {};
    // The generated module's wrapper (tools/lib/validatorCode.ts), without a file.
    new Function('exports', 'require', code)(exports, require);
    return { steps: { split: exports }, popups: {}, conditions: {} };
  };
  const validators = precompiledValidators('TEST', {
    first: generated,
    later: () => Promise.reject(new Error('not used')),
  });
  return { code, validator: validators.form(schema, { kind: 'steps', id: 'split' }) };
}

const compiling = (data: unknown) => validateData(schema, data, { validator: formValidator() });
const { code: standalone, validator: browser } = precompiledValidator();
const precompiled = (data: unknown) => validateData(schema, data, { validator: browser });

const message = (total: number) => SPLIT_MESSAGE.replace('{total}', String(total));

describe('valuesTotal rules', () => {
  it('adds numbers and digit strings, counts empty or missing values as 0, leaves anything else out', () => {
    expect(totalOfValues({ equity1: 60, debt1: 40 })).toBe(100);
    expect(totalOfValues({ equity1: '60', debt1: ' 30 ' })).toBe(90);
    expect(totalOfValues({ equity1: '', debt1: null, liquid1: undefined, value: 100 })).toBe(100);
    expect(totalOfValues({ equity1: 'sixty', debt1: '4.5', liquid1: true, value: 50 })).toBe(50);
    expect(totalOfValues({})).toBe(0);
    expect(totalOfValues(undefined)).toBe(0);
    expect(totalOfValues([60, 40])).toBe(0);
  });

  it('totals to exactly the number, not below and not above', () => {
    expect(totalsTo({ a: 99, b: 1 }, 100)).toBe(true);
    expect(totalsTo({ a: 99 }, 100)).toBe(false);
    expect(totalsTo({ a: 99, b: 2 }, 100)).toBe(false);
  });
});

describe('the valuesTotal keyword', () => {
  function ajv() {
    return configureAjv(new Ajv({ allErrors: true }), { formats: true });
  }

  it('reports {expected, total} as its params', () => {
    const validate = ajv().compile({ type: 'object', valuesTotal: 100 });
    expect(validate({ a: 60, b: '40' })).toBe(true);
    expect(validate({ a: 60, b: '30' })).toBe(false);
    expect(validate.errors).toEqual([
      expect.objectContaining({ keyword: 'valuesTotal', params: { expected: 100, total: 90 } }),
    ]);
  });

  it('checks objects only, and refuses a total that is not a number of at least 0', () => {
    const validate = ajv().compile({ valuesTotal: 100 });
    expect(validate('not an object')).toBe(true);
    expect(() => ajv().compile({ type: 'object', valuesTotal: '100' })).toThrow();
    expect(() => ajv().compile({ type: 'object', valuesTotal: -1 })).toThrow();
  });
});

describe.each([
  ['compiling (server)', compiling],
  ['precompiled (browser)', precompiled],
])('valuesTotal through the %s validator', (_name, validate) => {
  it('passes a split of exactly 100', () => {
    expect(validate({ allocation: { equity1: 40, debt1: 30, liquid1: 30 } })).toEqual({
      valid: true,
      errors: [],
    });
  });

  it('says what a split below or above 100 adds up to', () => {
    expect(validate({ allocation: { equity1: 40, debt1: 30, liquid1: 20 } }).errors).toEqual([
      { field: 'allocation', message: message(90) },
    ]);
    expect(validate({ allocation: { equity1: 70, debt1: 50 } }).errors).toEqual([
      { field: 'allocation', message: message(120) },
    ]);
    expect(validate({ allocation: { equity1: 99 } }).errors).toEqual([
      { field: 'allocation', message: message(99) },
    ]);
    expect(validate({ allocation: { equity1: 101 } }).errors).toEqual([
      { field: 'allocation', message: message(101) },
    ]);
  });

  it('counts digits as typed, and empty fields as 0', () => {
    expect(validate({ allocation: { equity1: '60', debt1: '40' } }).valid).toBe(true);
    expect(validate({ allocation: { equity1: '60', debt1: '', liquid1: 40 } }).valid).toBe(true);
    expect(validate({ allocation: { equity1: '60', debt1: '' } }).errors).toEqual([
      { field: 'allocation', message: message(60) },
    ]);
    expect(validate({ allocation: {} }).errors).toEqual([{ field: 'allocation', message: message(0) }]);
  });
});

describe('valuesTotal in the browser’s code', () => {
  it('calls the rules module rather than a closure', () => {
    expect(standalone).toContain(`require("${RULES_MODULE}").totalsTo`);
    expect(standalone).toContain(`require("${RULES_MODULE}").totalOfValues`);
  });

  it('gives U30’s Self-Managed split its message from the plan’s generated validators', async () => {
    const plan = await precompiledPlan('U30');
    const step = plan.steps['investment-details']!;
    const split = (allocation: Record<string, unknown>) =>
      validateData(
        step.schema,
        { investmentStratergies: { strategy: 'selfManaged', allocation } },
        { uiSchema: step.uiSchema, validator: step.validator },
      );
    expect(split({ equity1: 40, debt1: 30, pensionLiquid: 20 }).errors).toEqual([
      { field: 'investmentStratergies.allocation', message: message(90) },
    ]);
    expect(split({ equity1: 40, debt1: 30, pensionLiquid: 30, liquid1: 0 })).toEqual({
      valid: true,
      errors: [],
    });
  }, 30_000);
});
