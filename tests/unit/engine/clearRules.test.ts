import { describe, expect, it } from 'vitest';
import { applyClearRules, collectClearRules } from '../../../engine/form/clearRules.ts';

describe('clear rules from the uiSchema', () => {
  const rules = collectClearRules({
    policyHolder: { countryCode: { 'ui:options': { clears: ['mobileNumber'] } }, mobileNumber: {} },
  });

  it('finds the rules with their paths', () => {
    expect(rules).toEqual([{ path: ['policyHolder', 'countryCode'], clears: ['mobileNumber'] }]);
  });

  it('empties the number when the code changes, and only then', () => {
    const before = { policyHolder: { countryCode: '91', mobileNumber: '9876543210' } };
    const typed = { policyHolder: { countryCode: '91', mobileNumber: '98765432101' } };
    expect(applyClearRules(rules, before, typed)).toBe(typed);
    const changed = { policyHolder: { countryCode: '44', mobileNumber: '9876543210' } };
    expect(applyClearRules(rules, before, changed)).toEqual({ policyHolder: { countryCode: '44' } });
  });
});
