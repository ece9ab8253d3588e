import Ajv from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureAjv } from '../../../engine/validation/configureAjv.ts';
import { RULES_MODULE } from '../../../engine/validation/keywords.ts';
import {
  ageDifferenceWithin,
  ageWithin,
  meetsMinimumByFrequency,
  parseGroupedAmount,
} from '../../../engine/validation/rules.ts';
import { ageLabel } from '../../../engine/validation/age.ts';

const TODAY = new Date(2026, 5, 15); // 15 June 2026

function ajv() {
  return configureAjv(new Ajv({ allErrors: true, code: { source: true } }), { formats: true });
}

describe('age rules', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(TODAY);
  });
  afterEach(() => vi.useRealTimers());

  it('counts completed years: 45 on the birthday, 44 the day before', () => {
    expect(ageWithin('1981-06-15', { min: 45, max: 80 })).toBe(true);
    expect(ageWithin('1981-06-16', { min: 45, max: 80 })).toBe(false);
  });

  it('allows 80 until the 81st birthday', () => {
    expect(ageWithin('1945-06-16', { min: 45, max: 80 })).toBe(true);
    expect(ageWithin('1945-06-15', { min: 45, max: 80 })).toBe(false);
  });

  it('applies a minimum in days and rejects future or impossible dates', () => {
    expect(ageWithin('2026-03-17', { min: 0, minDays: 90 })).toBe(true);
    expect(ageWithin('2026-03-18', { min: 0, minDays: 90 })).toBe(false);
    expect(ageWithin('2026-06-16', { min: 0 })).toBe(false);
    expect(ageWithin('1970-02-31', { min: 0 })).toBe(false);
    expect(ageWithin('01/01/1970', { min: 0 })).toBe(false);
  });

  it('has no maximum when none is given', () => {
    expect(ageWithin('1900-01-01', { min: 0 })).toBe(true);
  });

  it('checks the age difference to another person by pointer', () => {
    const root = { holder: { dateOfBirth: '1966-06-15' } }; // 60
    const rule = { from: '/holder/dateOfBirth', maxYears: 15 };
    expect(ageDifferenceWithin('1981-06-15', root, rule)).toBe(true); // 45: 15 years
    expect(ageDifferenceWithin('1981-06-14', root, rule)).toBe(true);
    expect(ageDifferenceWithin('1982-06-15', root, rule)).toBe(false); // 44: 16 years
    expect(ageDifferenceWithin('1982-06-15', {}, rule)).toBe(true); // other date missing: its own error
  });

  it('labels ages as N Years, N Days or 0 days', () => {
    expect(ageLabel('1970-01-01')).toBe('56 Years');
    expect(ageLabel('2026-06-05')).toBe('10 Days');
    expect(ageLabel('2026-06-15')).toBe('0 days');
    expect(ageLabel('2026-07-01')).toBe('0 days');
    expect(ageLabel('1970-13-01')).toBeUndefined();
  });
});

describe('minimum by frequency', () => {
  const rule = { frequency: '/investmentFrequency', minimums: { Yearly: 50000, Monthly: 4350 } };
  it('parses amounts with Indian grouping', () => {
    expect(parseGroupedAmount('1,23,45,678')).toBe(12345678);
    expect(parseGroupedAmount('12a')).toBeUndefined();
    expect(parseGroupedAmount('')).toBeUndefined();
  });
  it('compares with the minimum of the chosen frequency', () => {
    expect(meetsMinimumByFrequency('50,000', { investmentFrequency: 'Yearly' }, rule)).toBe(true);
    expect(meetsMinimumByFrequency('49,999', { investmentFrequency: 'Yearly' }, rule)).toBe(false);
    expect(meetsMinimumByFrequency('4,350', { investmentFrequency: 'Monthly' }, rule)).toBe(true);
    expect(meetsMinimumByFrequency('abc', { investmentFrequency: 'Monthly' }, rule)).toBe(false);
  });
});

describe('ajv keywords', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(TODAY);
  });
  afterEach(() => vi.useRealTimers());

  it('reports ageRange, ageDifference and minimumByFrequency with their params', () => {
    const validate = ajv().compile({
      type: 'object',
      properties: {
        holder: { type: 'object', properties: { dob: { type: 'string', ageRange: { min: 45, max: 80 } } } },
        second: { type: 'string', ageDifference: { from: '/holder/dob', maxYears: 15 } },
        investmentFrequency: { type: 'string' },
        amount: {
          type: 'string',
          minimumByFrequency: { frequency: '/investmentFrequency', minimums: { Yearly: 50000 } },
        },
      },
    });
    expect(
      validate({
        holder: { dob: '1966-01-01' },
        second: '1960-01-01',
        investmentFrequency: 'Yearly',
        amount: '50,000',
      }),
    ).toBe(true);
    expect(
      validate({
        holder: { dob: '1996-01-01' },
        second: '1960-01-01',
        investmentFrequency: 'Yearly',
        amount: '40,000',
      }),
    ).toBe(false);
    const byKeyword = Object.fromEntries((validate.errors ?? []).map((e) => [e.keyword, e]));
    expect(byKeyword.ageRange?.instancePath).toBe('/holder/dob');
    expect(byKeyword.ageDifference?.instancePath).toBe('/second');
    expect(byKeyword.minimumByFrequency?.params).toEqual({ min: 50000 });
  });

  it('rejects a malformed keyword value when the schema is compiled', () => {
    expect(() => ajv().compile({ type: 'string', ageRange: { min: 'forty' } })).toThrow();
    expect(() => ajv().compile({ type: 'string', ageDifference: { maxYears: 15 } })).toThrow();
  });

  it('generates standalone code that requires the rules module instead of closures', () => {
    const instance = ajv();
    const validate = instance.compile({ type: 'string', ageRange: { min: 45, max: 80 } });
    const code = standaloneCode(instance, validate);
    expect(code).toContain(`require("${RULES_MODULE}").ageWithin`);
  });
});
