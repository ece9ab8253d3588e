import { describe, expect, it } from 'vitest';
import { planFor, validateAgainstPlan } from '../../../../src/server/plans/serverPlans.ts';

describe('validateAgainstPlan', () => {
  const plan = planFor('T54')!;

  it('leaves out an unbound popup (the resume lookup): it edits no place of the application', () => {
    expect(plan.popups.resume?.definition.bind).toEqual({});
    expect(validateAgainstPlan(plan, {})).toEqual([]);
    expect(validateAgainstPlan(plan, { retrieve: 'mobdob', mobileNumber: '1' })).toEqual([]);
  });

  it('still checks the places the steps bind', () => {
    const errors = validateAgainstPlan(plan, { basicDetails: { policyHolder: {} } });
    expect(errors).toContainEqual({
      field: 'basicDetails.policyHolder.fullName',
      message: 'Full Name cannot be empty.',
    });
  });
});
