import { describe, expect, it } from 'vitest';
import { indiaToday } from '../../../../../src/server/api/applications/policyDates.ts';

const india = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

describe('indiaToday', () => {
  it('turns to the next day at midnight in India (18:30 UTC), asked again and again within a minute', () => {
    const moments = [
      '2026-03-31T18:29:00.000Z',
      '2026-03-31T18:29:59.999Z',
      '2026-03-31T18:30:00.000Z',
      '2026-03-31T18:30:59.999Z',
      '2026-03-31T18:29:30.000Z',
      '2026-12-31T18:30:00.000Z',
    ].map((iso) => new Date(iso));
    expect(moments.map((moment) => indiaToday(moment))).toEqual([
      '2026-03-31',
      '2026-03-31',
      '2026-04-01',
      '2026-04-01',
      '2026-03-31',
      '2027-01-01',
    ]);
    for (let ms = Date.parse('2026-06-15T18:28:00Z'); ms < Date.parse('2026-06-15T18:32:00Z'); ms += 7_001) {
      expect(indiaToday(new Date(ms))).toBe(india.format(new Date(ms)));
    }
  });

  it('refuses an invalid date as Intl does, and answers rightly after it', () => {
    expect(() => indiaToday(new Date(Number.NaN))).toThrow(RangeError);
    expect(indiaToday(new Date('2026-03-31T18:30:00.000Z'))).toBe('2026-04-01');
  });
});
