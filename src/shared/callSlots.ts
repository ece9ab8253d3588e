/*
 * The call-back slots of spec 02 §3.8 as times (their labels are the copy of
 * schemas/common/enums.schema.json `callSlot`): five two-hour slots from 9 AM to 7 PM, India
 * time, whatever the visitor's or the server's clock zone. The browser disables the slots that
 * are over; the server refuses them.
 */

export interface SlotHours {
  id: number;
  startHour: number;
  endHour: number;
}

export const SLOT_HOURS: readonly SlotHours[] = [
  { id: 1, startHour: 9, endHour: 11 },
  { id: 2, startHour: 11, endHour: 13 },
  { id: 3, startHour: 13, endHour: 15 },
  { id: 4, startHour: 15, endHour: 17 },
  { id: 5, startHour: 17, endHour: 19 },
];

const KOLKATA = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The date (yyyy-mm-dd) and minutes since midnight in India at `now`. */
export function kolkataClock(now: Date): { date: string; minutes: number } {
  const parts = Object.fromEntries(KOLKATA.formatToParts(now).map((part) => [part.type, part.value]));
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** Spec 02 §5.6: a call may be booked for today or later, in India. */
export function isPastDate(date: string, now: Date): boolean {
  return date < kolkataClock(now).date;
}

/**
 * Spec 02 §3.8: slots already past for the chosen date are disabled. A slot is past once it
 * has ended: until 11 AM the 9-11 AM slot can still be booked for today.
 */
export function isSlotPast(slot: SlotHours, date: string, now: Date): boolean {
  const clock = kolkataClock(now);
  if (date !== clock.date) return date < clock.date;
  return clock.minutes >= slot.endHour * 60;
}

/** The day after a yyyy-mm-dd date. */
export function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** The earliest slot still open at `now` (the idle popup's 'Get a call back'): today's, else tomorrow's first. */
export function earliestOpenSlot(now: Date): { date: string; slotId: number } {
  const today = kolkataClock(now).date;
  const open = SLOT_HOURS.find((slot) => !isSlotPast(slot, today, now));
  return open ? { date: today, slotId: open.id } : { date: nextDay(today), slotId: SLOT_HOURS[0]!.id };
}
