import { describe, expect, it } from 'vitest';
import { BOOK_NOW_LABEL, groupCallbacks } from '../../../src/desk/callbackGroups.ts';
import type { Callback } from '../../../src/desk/deskApi.ts';

function booking(id: string, slotId: number | null, bookedAt: string, slotLabel: string | null): Callback {
  return {
    id,
    fullName: `Caller ${id}`,
    mobileNumber: '9876543210',
    gender: null,
    mode: slotId === null ? 'now' : 'slot',
    slotId,
    slotLabel,
    bookedAt,
    applicationNumber: null,
    productId: 'T54',
    planName: 'Guaranteed Pension Plan',
    step: 'plan-details',
    lastQuote: null,
    doneAt: null,
    doneBy: null,
  };
}

describe('groupCallbacks', () => {
  it('puts calls asked for now first, then the slots in the day’s order, each by booking time', () => {
    const groups = groupCallbacks([
      booking('1', 5, '2026-11-27T03:00:00Z', '5-7 PM'),
      booking('2', 1, '2026-11-27T04:00:00Z', '9-11 AM'),
      booking('3', null, '2026-11-27T05:00:00Z', null),
      booking('4', 1, '2026-11-27T02:00:00Z', '9-11 AM'),
      booking('5', null, '2026-11-27T01:00:00Z', null),
      booking('6', 3, '2026-11-27T01:30:00Z', '1-3 PM'),
    ]);
    expect(groups.map((group) => [group.label, group.items.map((item) => item.id)])).toEqual([
      [BOOK_NOW_LABEL, ['5', '3']],
      ['9-11 AM', ['4', '2']],
      ['1-3 PM', ['6']],
      ['5-7 PM', ['1']],
    ]);
    expect(BOOK_NOW_LABEL).toBe('Book a Call Now');
  });

  it('has no groups for a day without bookings', () => {
    expect(groupCallbacks([])).toEqual([]);
  });
});
