import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatIndiaDateTime,
  formatIndiaTime,
  indiaDate,
  isCalendarDate,
} from '../../../src/desk/indiaTime.ts';

describe('the desk’s India time', () => {
  it('gives the day in India, which starts 5 h 30 min before UTC’s', () => {
    expect(indiaDate(new Date('2026-11-26T18:29:00Z'))).toBe('2026-11-26');
    expect(indiaDate(new Date('2026-11-26T18:30:00Z'))).toBe('2026-11-27');
  });

  it('counts days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-11-27', -6)).toBe('2026-11-21');
  });

  it('takes only real calendar days', () => {
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2026-02-30')).toBe(false);
    expect(isCalendarDate('2026-2-3')).toBe(false);
    expect(isCalendarDate('')).toBe(false);
  });

  it('writes an instant as India reads it', () => {
    expect(formatIndiaDateTime('2026-11-27T08:35:00Z')).toMatch(/^27 Nov 2026, 2:05\s?pm$/i);
    expect(formatIndiaTime('2026-11-27T08:35:00Z')).toMatch(/^2:05\s?pm$/i);
  });
});
