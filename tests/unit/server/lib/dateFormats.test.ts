import { describe, expect, it } from 'vitest';
import { isBirthDate, isCalendarDate, isTimestamp } from '../../../../src/server/lib/dateFormats.ts';

/* Dates sent as text must be days that exist (issue 19, item 6), births days that have come. */

describe('dates sent as text', () => {
  it.each(['1970-04-30', '30/04/1970', '19700430', '2024-02-29', '29/02/2000', ''])(
    '%j is a calendar date',
    (text) => {
      expect(isCalendarDate(text)).toBe(true);
    },
  );

  it.each([
    '2023-02-30',
    '31/04/1970',
    '00/13/1970',
    '1970-13-01',
    '19700231',
    '2023-02-29',
    '1900-02-29',
    '1970-4-30',
    '30-04-1970',
    '1970/04/30',
    'yesterday',
  ])('%j is not', (text) => {
    expect(isCalendarDate(text)).toBe(false);
    expect(isBirthDate(text, '2026-11-27')).toBe(false);
  });

  it('a birth date has come, and is not before 1900', () => {
    expect(isBirthDate('2026-11-27', '2026-11-27')).toBe(true);
    expect(isBirthDate('27/11/2026', '2026-11-27')).toBe(true);
    expect(isBirthDate('2026-11-28', '2026-11-27')).toBe(false);
    expect(isBirthDate('2099-01-01', '2026-11-27')).toBe(false);
    expect(isBirthDate('20991231', '2026-11-27')).toBe(false);
    expect(isBirthDate('1899-12-31', '2026-11-27')).toBe(false);
    expect(isBirthDate('1900-01-01', '2026-11-27')).toBe(true);
  });

  it('a timestamp is a real day and a real time', () => {
    for (const text of [
      '2023-02-28 23:59',
      '2023-02-28 23:59:59',
      '2023-02-28T00:00',
      '2024-02-29T12:30:05',
      '',
    ])
      expect([text, isTimestamp(text)]).toEqual([text, true]);
    for (const text of [
      '2023-02-30 10:00',
      '2023-02-28 99:99',
      '2023-02-28 24:00',
      '2023-02-28 12:60',
      '2023-02-28',
      '28/02/2023 10:00',
    ])
      expect([text, isTimestamp(text)]).toEqual([text, false]);
  });
});
