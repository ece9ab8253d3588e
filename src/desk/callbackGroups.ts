import type { Callback } from './deskApi.ts';

export interface CallbackGroup {
  /** 'now', or the slot's id. */
  key: string;
  label: string;
  items: Callback[];
}

export const BOOK_NOW_LABEL = 'Book a Call Now';

/**
 * A day's call-backs by slot, as the expert works through them: calls asked for now first,
 * then the slots in the order of the day (9-11 AM ... 5-7 PM); within a group, by booking time.
 */
export function groupCallbacks(items: readonly Callback[]): CallbackGroup[] {
  const groups = new Map<string, CallbackGroup & { order: number }>();
  for (const item of items) {
    const now = item.mode === 'now' || item.slotId === null;
    const key = now ? 'now' : String(item.slotId);
    let group = groups.get(key);
    if (!group) {
      group = {
        key,
        label: now ? BOOK_NOW_LABEL : (item.slotLabel ?? `Slot ${item.slotId}`),
        order: now ? -1 : Number(item.slotId),
        items: [],
      };
      groups.set(key, group);
    }
    group.items.push(item);
  }
  return [...groups.values()]
    .sort((a, b) => a.order - b.order)
    .map(({ key, label, items: grouped }) => ({
      key,
      label,
      items: [...grouped].sort((a, b) => a.bookedAt.localeCompare(b.bookedAt)),
    }));
}
