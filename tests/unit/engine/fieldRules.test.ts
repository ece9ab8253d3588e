import { describe, expect, it } from 'vitest';
import { applyFieldRules, collectFieldRules } from '../../../engine/form/fieldRules.ts';

describe('field rules from the uiSchema', () => {
  const rules = collectFieldRules({
    policyHolder: { countryCode: { 'ui:options': { clears: ['mobileNumber'] } }, mobileNumber: {} },
    planDetails: {
      investmentFrequency: {
        'ui:options': { sets: { investmentAmount: { Yearly: '50,000', Monthly: '4,350' } } },
      },
    },
  });

  it('finds the rules with their paths', () => {
    expect(rules).toEqual([
      { path: ['policyHolder', 'countryCode'], clears: ['mobileNumber'], sets: {} },
      {
        path: ['planDetails', 'investmentFrequency'],
        clears: [],
        sets: { investmentAmount: { Yearly: '50,000', Monthly: '4,350' } },
      },
    ]);
  });

  it('empties the number when the code changes, and only then', () => {
    const before = { policyHolder: { countryCode: '91', mobileNumber: '9876543210' } };
    const typed = { policyHolder: { countryCode: '91', mobileNumber: '98765432101' } };
    expect(applyFieldRules(rules, before, typed)).toBe(typed);
    const changed = { policyHolder: { countryCode: '44', mobileNumber: '9876543210' } };
    expect(applyFieldRules(rules, before, changed)).toEqual({ policyHolder: { countryCode: '44' } });
  });

  it('uses the "*" value for any choice not listed', () => {
    const [rule] = collectFieldRules({
      occupation: { 'ui:options': { sets: { sourceOfIncome: { SALR: 'Salary', '*': '' } } } },
    });
    expect(applyFieldRules([rule!], {}, { occupation: 'SALR' })).toEqual({
      occupation: 'SALR',
      sourceOfIncome: 'Salary',
    });
    expect(
      applyFieldRules(
        [rule!],
        { occupation: 'SALR', sourceOfIncome: 'Salary' },
        { occupation: 'RETD', sourceOfIncome: 'Salary' },
      ),
    ).toEqual({
      occupation: 'RETD',
      sourceOfIncome: '',
    });
  });

  it("sets the amount to the new frequency's minimum when the frequency changes", () => {
    const before = { planDetails: { investmentFrequency: 'Yearly', investmentAmount: '1,00,000' } };
    const monthly = { planDetails: { investmentFrequency: 'Monthly', investmentAmount: '1,00,000' } };
    expect(applyFieldRules(rules, before, monthly)).toEqual({
      planDetails: { investmentFrequency: 'Monthly', investmentAmount: '4,350' },
    });
    const typed = { planDetails: { investmentFrequency: 'Yearly', investmentAmount: '75,000' } };
    expect(applyFieldRules(rules, before, typed)).toBe(typed);
  });
});
