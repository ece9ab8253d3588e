import { describe, expect, it } from 'vitest';
import { createPolicyStartDates } from '../../../../../src/server/api/applications/policyStartDates.ts';

describe('policyStartDates', () => {
  it('answers a start date remembered, the latest one given, and nothing for an unknown application', () => {
    const dates = createPolicyStartDates();
    dates.remember('1000000001', '2026-01-02');
    expect(dates.get('1000000001')).toBe('2026-01-02');
    dates.remember('1000000001', '2026-01-03');
    expect(dates.get('1000000001')).toBe('2026-01-03');
    expect(dates.get('1000000002')).toBeUndefined();
  });

  it('remembers no date for an application without one', () => {
    const dates = createPolicyStartDates();
    dates.remember('1000000001', null);
    expect(dates.get('1000000001')).toBeUndefined();
  });

  it('forgets the application remembered longest ago once full', () => {
    const dates = createPolicyStartDates(2);
    dates.remember('1000000001', '2026-01-01');
    dates.remember('1000000002', '2026-01-02');
    // Remembered again with a new date: now the newest.
    dates.remember('1000000001', '2026-01-03');
    dates.remember('1000000003', '2026-01-04');
    expect(dates.get('1000000002')).toBeUndefined();
    expect(dates.get('1000000001')).toBe('2026-01-03');
    expect(dates.get('1000000003')).toBe('2026-01-04');
  });
});
