import { describe, expect, it } from 'vitest';
import {
  CALL_SLOTS,
  isPastDate,
  isSlotPast,
  kolkataClock,
  slotsFor,
} from '../../../../../src/server/api/callbacks/callSlots.ts';
import { earliestOpenSlot } from '../../../../../src/shared/callSlots.ts';

/** A moment given as India time (UTC+05:30, no daylight saving). */
const ist = (local: string) => new Date(`${local}+05:30`);

describe('call-back slots (spec 02 §3.8)', () => {
  it('are the five two-hour slots from 9 AM to 7 PM with the spec labels', () => {
    expect(CALL_SLOTS.map((slot) => [slot.id, slot.label])).toEqual([
      [1, '9-11 AM'],
      [2, '11 AM-1 PM'],
      [3, '1-3 PM'],
      [4, '3-5 PM'],
      [5, '5-7 PM'],
    ]);
  });

  it('reads the date and time in India', () => {
    expect(kolkataClock(new Date('2025-03-10T18:29:00Z'))).toEqual({
      date: '2025-03-10',
      minutes: 23 * 60 + 59,
    });
    expect(kolkataClock(new Date('2025-03-10T18:30:00Z'))).toEqual({ date: '2025-03-11', minutes: 0 });
  });

  it('disables a slot once it has ended, only on today', () => {
    const available = (at: string) => slotsFor('2025-03-10', ist(at)).map((slot) => slot.available);
    expect(available('2025-03-10T08:00')).toEqual([true, true, true, true, true]);
    expect(available('2025-03-10T10:59')).toEqual([true, true, true, true, true]);
    expect(available('2025-03-10T11:00')).toEqual([false, true, true, true, true]);
    expect(available('2025-03-10T16:30')).toEqual([false, false, false, true, true]);
    expect(available('2025-03-10T19:00')).toEqual([false, false, false, false, false]);
    expect(slotsFor('2025-03-11', ist('2025-03-10T23:00')).every((slot) => slot.available)).toBe(true);
    expect(isSlotPast(CALL_SLOTS[4]!, '2025-03-09', ist('2025-03-10T08:00'))).toBe(true);
  });

  it('takes today and later as current or future dates', () => {
    const now = ist('2025-03-10T00:10');
    expect(isPastDate('2025-03-09', now)).toBe(true);
    expect(isPastDate('2025-03-10', now)).toBe(false);
    expect(isPastDate('2026-01-01', now)).toBe(false);
  });
});

describe('the earliest open slot (the idle popup’s Get a call back)', () => {
  it('is today’s first slot not over, else tomorrow’s first', () => {
    expect(earliestOpenSlot(ist('2025-03-10T07:00'))).toEqual({ date: '2025-03-10', slotId: 1 });
    expect(earliestOpenSlot(ist('2025-03-10T11:00'))).toEqual({ date: '2025-03-10', slotId: 2 });
    expect(earliestOpenSlot(ist('2025-03-10T18:59'))).toEqual({ date: '2025-03-10', slotId: 5 });
    expect(earliestOpenSlot(ist('2025-03-10T19:00'))).toEqual({ date: '2025-03-11', slotId: 1 });
    // 31 December at 20:00 in India is still 31 December in UTC: the next day is next year's.
    expect(earliestOpenSlot(ist('2025-12-31T20:00'))).toEqual({ date: '2026-01-01', slotId: 1 });
  });
  it('labels the slots from the shared enum', () => {
    expect(CALL_SLOTS.map((slot) => slot.label)).toEqual([
      '9-11 AM',
      '11 AM-1 PM',
      '1-3 PM',
      '3-5 PM',
      '5-7 PM',
    ]);
  });
});
