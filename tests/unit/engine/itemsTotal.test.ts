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
import { itemsTotalTo, totalOfItems } from '../../../engine/validation/rules.ts';
import { validateData } from '../../../engine/validation/validateData.ts';
import { standaloneFor } from '../../../tools/lib/validatorCode.ts';

/*
 * itemsTotal: an array's items add up, at one property (whole numbers, or digits as typed), to
 * the total, e.g. nominees' shares in percent. Its error says what they add up to ({total}),
 * the same from the server's compiling validator and the browser's precompiled one.
 */

const SHARES_MESSAGE = 'Nominee shares must add up to 100% (now {total}%)';
const RULE = { property: 'share', total: 100 };

const schema = {
  $id: 'https://schemas.bimaflow.in/test/items-total.schema.json',
  type: 'object',
  properties: {
    nominees: {
      type: 'array',
      title: 'Nominees',
      items: { type: 'object', properties: { share: { type: 'integer', title: 'Share' } } },
      itemsTotal: RULE,
      errorMessage: { itemsTotal: SHARES_MESSAGE },
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
    return { steps: { nominees: exports }, popups: {}, conditions: {} };
  };
  const validators = precompiledValidators('TEST', {
    first: generated,
    later: () => Promise.reject(new Error('not used')),
  });
  return { code, validator: validators.form(schema, { kind: 'steps', id: 'nominees' }) };
}

const compiling = (data: unknown) => validateData(schema, data, { validator: formValidator() });
const { code: standalone, validator: browser } = precompiledValidator();
const precompiled = (data: unknown) => validateData(schema, data, { validator: browser });

const message = (total: number) => SHARES_MESSAGE.replace('{total}', String(total));
const shares = (...values: unknown[]) => ({ nominees: values.map((share) => ({ share })) });

describe('itemsTotal rules', () => {
  it('adds numbers and digit strings at the property, counts missing items or values as 0, leaves anything else out', () => {
    expect(totalOfItems([{ share: 60 }, { share: 40 }], RULE)).toBe(100);
    expect(totalOfItems([{ share: '60' }, { share: ' 30 ' }], RULE)).toBe(90);
    expect(totalOfItems([{ share: 60 }, {}, null, 'x', { share: '' }, { other: 40 }], RULE)).toBe(60);
    expect(totalOfItems([{ share: 'sixty' }, { share: '4.5' }, { share: true }, { share: 50 }], RULE)).toBe(
      50,
    );
    expect(totalOfItems([], RULE)).toBe(0);
    expect(totalOfItems(undefined, RULE)).toBe(0);
    expect(totalOfItems({ a: { share: 100 } }, RULE)).toBe(0);
  });

  it('totals to exactly the rule’s total, not below and not above', () => {
    expect(itemsTotalTo([{ share: 99 }, { share: 1 }], RULE)).toBe(true);
    expect(itemsTotalTo([{ share: 99 }], RULE)).toBe(false);
    expect(itemsTotalTo([{ share: 99 }, { share: 2 }], RULE)).toBe(false);
    expect(itemsTotalTo([{ part: 3 }, { part: 4 }], { property: 'part', total: 7 })).toBe(true);
  });
});

describe('the itemsTotal keyword', () => {
  function ajv() {
    return configureAjv(new Ajv({ allErrors: true }), { formats: true });
  }

  it('reports {expected, total} as its params', () => {
    const validate = ajv().compile({ type: 'array', itemsTotal: RULE });
    expect(validate([{ share: 60 }, { share: '40' }])).toBe(true);
    expect(validate([{ share: 60 }, { share: '30' }])).toBe(false);
    expect(validate.errors).toEqual([
      expect.objectContaining({ keyword: 'itemsTotal', params: { expected: 100, total: 90 } }),
    ]);
  });

  it('checks arrays only, and refuses a rule without a property or a total of at least 0', () => {
    const validate = ajv().compile({ itemsTotal: RULE });
    expect(validate({ share: 10 })).toBe(true);
    expect(() => ajv().compile({ type: 'array', itemsTotal: 100 })).toThrow();
    expect(() => ajv().compile({ type: 'array', itemsTotal: { total: 100 } })).toThrow();
    expect(() => ajv().compile({ type: 'array', itemsTotal: { property: 'share' } })).toThrow();
    expect(() => ajv().compile({ type: 'array', itemsTotal: { property: 'share', total: -1 } })).toThrow();
    expect(() => ajv().compile({ type: 'array', itemsTotal: { ...RULE, extra: true } })).toThrow();
  });
});

describe.each([
  ['compiling (server)', compiling],
  ['precompiled (browser)', precompiled],
])('itemsTotal through the %s validator', (_name, validate) => {
  it('passes shares of exactly 100', () => {
    expect(validate(shares(50, 30, 20))).toEqual({ valid: true, errors: [] });
    expect(validate(shares(100))).toEqual({ valid: true, errors: [] });
  });

  it('says what shares below or above 100 add up to, on the list', () => {
    expect(validate(shares(60, 30)).errors).toEqual([{ field: 'nominees', message: message(90) }]);
    expect(validate(shares(70, 50)).errors).toEqual([{ field: 'nominees', message: message(120) }]);
    expect(validate(shares(99)).errors).toEqual([{ field: 'nominees', message: message(99) }]);
    expect(validate(shares(101)).errors).toEqual([{ field: 'nominees', message: message(101) }]);
  });

  it('counts an item without a share as 0', () => {
    expect(validate({ nominees: [{ share: 60 }, {}] }).errors).toEqual([
      { field: 'nominees', message: message(60) },
    ]);
    expect(validate({ nominees: [] }).errors).toEqual([{ field: 'nominees', message: message(0) }]);
  });
});

describe('itemsTotal in the browser’s code', () => {
  it('calls the rules module rather than a closure', () => {
    expect(standalone).toContain(`require("${RULES_MODULE}").itemsTotalTo`);
    expect(standalone).toContain(`require("${RULES_MODULE}").totalOfItems`);
  });
});
