import { readCommonDocuments } from '../../../plans/nodePlanSource.ts';
import {
  isPastDate,
  isSlotPast,
  kolkataClock,
  SLOT_HOURS,
  type SlotHours,
} from '../../../shared/callSlots.ts';

export { isPastDate, isSlotPast, kolkataClock };

/** A call-back slot of spec 02 §3.8 with its label (schemas/common/enums.schema.json `callSlot`). */
export interface CallSlot extends SlotHours {
  label: string;
}

function slotLabels(): Map<number, string> {
  const enums = readCommonDocuments().find((doc) => String(doc.$id).endsWith('/common/enums.schema.json'));
  const callSlot = (
    enums?.$defs as Record<string, { oneOf?: { const: number; title: string }[] }> | undefined
  )?.callSlot;
  return new Map((callSlot?.oneOf ?? []).map((option) => [option.const, option.title]));
}

const LABELS = slotLabels();

/** The five slots, 9 AM to 7 PM India time, with the labels the visitor sees. */
export const CALL_SLOTS: readonly CallSlot[] = SLOT_HOURS.map((slot) => {
  const label = LABELS.get(slot.id);
  if (!label) throw new Error(`schemas/common/enums.schema.json callSlot has no slot ${slot.id}`);
  return { ...slot, label };
});

export interface SlotAvailability {
  id: number;
  label: string;
  available: boolean;
}

export function slotById(id: number): CallSlot | undefined {
  return CALL_SLOTS.find((slot) => slot.id === id);
}

export function slotsFor(date: string, now: Date): SlotAvailability[] {
  return CALL_SLOTS.map((slot) => ({
    id: slot.id,
    label: slot.label,
    available: !isSlotPast(slot, date, now),
  }));
}
