/** The call-back slots of spec 02 §3.8: five two-hour slots from 9 AM to 7 PM, India time. */
export const CALL_SLOTS = [
  { id: 1, label: '9-11 AM', startHour: 9, endHour: 11 },
  { id: 2, label: '11 AM-1 PM', startHour: 11, endHour: 13 },
  { id: 3, label: '1-3 PM', startHour: 13, endHour: 15 },
  { id: 4, label: '3-5 PM', startHour: 15, endHour: 17 },
  { id: 5, label: '5-7 PM', startHour: 17, endHour: 19 },
] as const;

export type CallSlot = (typeof CALL_SLOTS)[number];

export interface SlotAvailability {
  id: number;
  label: string;
  available: boolean;
}

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

export function slotById(id: number): CallSlot | undefined {
  return CALL_SLOTS.find((slot) => slot.id === id);
}

/**
 * Spec 02 §3.8: slots already past for the chosen date are disabled. A slot is past once it
 * has ended: until 11 AM the 9-11 AM slot can still be booked for today.
 */
export function isSlotPast(slot: CallSlot, date: string, now: Date): boolean {
  const clock = kolkataClock(now);
  if (date !== clock.date) return date < clock.date;
  return clock.minutes >= slot.endHour * 60;
}

export function slotsFor(date: string, now: Date): SlotAvailability[] {
  return CALL_SLOTS.map((slot) => ({
    id: slot.id,
    label: slot.label,
    available: !isSlotPast(slot, date, now),
  }));
}
