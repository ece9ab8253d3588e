import type { KeyValueStorage } from '../../../engine/state/applicationStore.ts';

/** Web Storage as the journey sees it, in memory: its entries, and how many writes it took. */
export interface MemoryStorage extends KeyValueStorage {
  data: Map<string, string>;
  writes: number;
  /** The entry under `key` parsed as JSON, or null when there is none. */
  json(key: string): unknown;
}

export function memoryStorage(entries: Record<string, string> = {}): MemoryStorage {
  const data = new Map(Object.entries(entries));
  const storage: MemoryStorage = {
    data,
    writes: 0,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => {
      storage.writes += 1;
      data.set(key, value);
    },
    removeItem: (key) => void data.delete(key),
    json: (key) => (data.has(key) ? (JSON.parse(data.get(key)!) as unknown) : null),
  };
  return storage;
}
