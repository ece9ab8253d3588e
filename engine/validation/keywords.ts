import type Ajv from 'ajv';
import { _, Name, type CodeGen, type CodeKeywordDefinition } from 'ajv';
import { KEYWORD_NAMES } from './keywordNames.ts';
import * as rules from './rules.ts';

/**
 * Our ajv keywords for what JSON Schema cannot say. They are code-generating keywords
 * whose generated code calls the plain functions of ./rules by reference; for ajv's
 * standalone output each reference carries `require("<RULES_MODULE>").<name>` so a
 * precompiled validator resolves the same functions without eval.
 *
 *   "ageRange":          { "min": 45, "max": 80, "minDays": 90 }       on a yyyy-mm-dd string
 *   "ageDifference":     { "from": "/policyHolder/dateOfBirth", "maxYears": 15 }
 *   "minimumByFrequency":{ "frequency": "/investmentFrequency", "minimums": { "Yearly": 50000 } }
 *   "maximumAmount":     10000000     an amount typed with Indian grouping ('1,00,00,000') at most this
 *   "minimumAmount":     2500000      … at least this (for amounts without a frequency, e.g. a sum assured)
 *   "valuesTotal":       100          on an object: its values (whole numbers) add up to this, e.g. a
 *                                     split across funds in percent; the error's {total} says what they add up to
 *   "notBeforeToday":    "Asia/Kolkata"   a yyyy-mm-dd string on or after today in that time zone
 *   "itemsTotal":        { "property": "share", "total": 100 }   on an array: its items' values at that
 *                                     property add up to the total, e.g. nominees' shares in percent;
 *                                     the error's {total} says what they add up to
 *
 * Pointers are JSON Pointers into the validated document's root.
 */
export { RULES_MODULE } from './standaloneModules.ts';
import { RULES_MODULE } from './standaloneModules.ts';

const rootData = new Name('rootData');

function ruleRef({ gen }: { gen: CodeGen }, name: keyof typeof rules) {
  return gen.scopeValue('func', {
    ref: rules[name],
    code: _`require(${RULES_MODULE}).${new Name(name)}`,
  });
}

const ageRange: CodeKeywordDefinition = {
  keyword: 'ageRange',
  type: 'string',
  schemaType: 'object',
  metaSchema: {
    type: 'object',
    properties: {
      min: { type: 'integer', minimum: 0 },
      max: { type: 'integer', minimum: 0 },
      minDays: { type: 'integer', minimum: 0 },
    },
    additionalProperties: false,
  },
  error: { message: 'age is outside the allowed range', params: (cxt) => _`{rule: ${cxt.schemaCode}}` },
  code(cxt) {
    cxt.fail(_`!${ruleRef(cxt, 'ageWithin')}(${cxt.data}, ${cxt.schemaCode})`);
  },
};

const ageDifference: CodeKeywordDefinition = {
  keyword: 'ageDifference',
  type: 'string',
  schemaType: 'object',
  metaSchema: {
    type: 'object',
    required: ['from', 'maxYears'],
    properties: { from: { type: 'string' }, maxYears: { type: 'integer', minimum: 0 } },
    additionalProperties: false,
  },
  error: { message: 'age difference is too large', params: (cxt) => _`{rule: ${cxt.schemaCode}}` },
  code(cxt) {
    cxt.fail(_`!${ruleRef(cxt, 'ageDifferenceWithin')}(${cxt.data}, ${rootData}, ${cxt.schemaCode})`);
  },
};

const notBeforeToday: CodeKeywordDefinition = {
  keyword: 'notBeforeToday',
  type: 'string',
  schemaType: 'string',
  metaSchema: { type: 'string', minLength: 1 },
  error: { message: 'date is in the past' },
  code(cxt) {
    cxt.fail(_`!${ruleRef(cxt, 'notBeforeToday')}(${cxt.data}, ${cxt.schemaCode})`);
  },
};

const minimumByFrequency: CodeKeywordDefinition = {
  keyword: 'minimumByFrequency',
  type: ['string', 'number'],
  schemaType: 'object',
  metaSchema: {
    type: 'object',
    required: ['frequency', 'minimums'],
    properties: {
      frequency: { type: 'string' },
      minimums: { type: 'object', additionalProperties: { type: 'number', minimum: 0 } },
    },
    additionalProperties: false,
  },
  error: {
    message: 'amount is below the minimum for the frequency',
    params: (cxt) => _`{min: ${ruleRef(cxt, 'minimumFor')}(${rootData}, ${cxt.schemaCode})}`,
  },
  code(cxt) {
    cxt.fail(_`!${ruleRef(cxt, 'meetsMinimumByFrequency')}(${cxt.data}, ${rootData}, ${cxt.schemaCode})`);
  },
};

/** An amount typed with Indian grouping compared with a number (JSON Schema's maximum needs a number). */
function amountBound(keyword: string, rule: 'atMostAmount' | 'atLeastAmount', message: string) {
  return {
    keyword,
    type: ['string', 'number'],
    schemaType: 'number',
    metaSchema: { type: 'number', minimum: 0 },
    error: { message, params: (cxt) => _`{limit: ${cxt.schemaCode}}` },
    code(cxt) {
      cxt.fail(_`!${ruleRef(cxt, rule)}(${cxt.data}, ${cxt.schemaCode})`);
    },
  } satisfies CodeKeywordDefinition;
}

const maximumAmount = amountBound('maximumAmount', 'atMostAmount', 'amount is above the maximum');
const minimumAmount = amountBound('minimumAmount', 'atLeastAmount', 'amount is below the minimum');

const valuesTotal: CodeKeywordDefinition = {
  keyword: 'valuesTotal',
  type: 'object',
  schemaType: 'number',
  metaSchema: { type: 'number', minimum: 0 },
  error: {
    message: 'values do not add up to the total',
    params: (cxt) => _`{expected: ${cxt.schemaCode}, total: ${ruleRef(cxt, 'totalOfValues')}(${cxt.data})}`,
  },
  code(cxt) {
    cxt.fail(_`!${ruleRef(cxt, 'totalsTo')}(${cxt.data}, ${cxt.schemaCode})`);
  },
};

const itemsTotal: CodeKeywordDefinition = {
  keyword: 'itemsTotal',
  type: 'array',
  schemaType: 'object',
  metaSchema: {
    type: 'object',
    required: ['property', 'total'],
    properties: { property: { type: 'string', minLength: 1 }, total: { type: 'number', minimum: 0 } },
    additionalProperties: false,
  },
  error: {
    message: 'items do not add up to the total',
    params: (cxt) =>
      _`{expected: ${cxt.schemaCode}.total, total: ${ruleRef(cxt, 'totalOfItems')}(${cxt.data}, ${cxt.schemaCode})}`,
  },
  code(cxt) {
    cxt.fail(_`!${ruleRef(cxt, 'itemsTotalTo')}(${cxt.data}, ${cxt.schemaCode})`);
  },
};

/** The keywords, and the UI-only annotations plan schemas may carry, registered on one ajv instance. */
export function addBimaflowKeywords(ajv: Ajv): Ajv {
  ajv.addKeyword(ageRange);
  ajv.addKeyword(ageDifference);
  ajv.addKeyword(notBeforeToday);
  ajv.addKeyword(minimumByFrequency);
  ajv.addKeyword(maximumAmount);
  ajv.addKeyword(minimumAmount);
  ajv.addKeyword(valuesTotal);
  ajv.addKeyword(itemsTotal);
  return ajv;
}

export const KEYWORDS = KEYWORD_NAMES;
