// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApplicationStore, persistOnPageHide } from '../../../../engine/state/applicationStore.ts';
import { memoryStorage, type MemoryStorage } from '../../support/memoryStorage.ts';

const typeName = (store: ReturnType<typeof createApplicationStore>, name: string) => {
  for (let end = 1; end <= name.length; end++)
    store.dispatch(
      { type: 'setAt', pointer: '/basicDetails/policyHolder/fullName', value: name.slice(0, end) },
      { typing: true },
    );
};
const savedName = (storage: MemoryStorage) =>
  (
    (storage.json('k') as Record<string, unknown> | null)?.basicDetails as
      { policyHolder: { fullName?: string } } | undefined
  )?.policyHolder.fullName;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the application store writes typing to session storage off the keystroke path', () => {
  it('writes a change that is not typing at once, with what was typed before it', () => {
    const storage = memoryStorage();
    const store = createApplicationStore({ storage, key: 'k' });
    typeName(store, 'Asha');
    expect(storage.writes).toBe(0);
    store.dispatch({ type: 'saveApplicationNumber', applicationNumber: 'AB12' });
    expect(storage.writes).toBe(1);
    expect(savedName(storage)).toBe('Asha');
    expect((storage.json('k') as Record<string, unknown> | null)?.applicationNumber).toBe('AB12');
    vi.advanceTimersByTime(1000);
    expect(storage.writes).toBe(1);
  });

  it('writes once the changes pause, once for a burst of them', () => {
    const storage = memoryStorage();
    const store = createApplicationStore({ storage, key: 'k' });
    typeName(store, 'Asha');
    expect(store.getState().basicDetails.policyHolder.fullName).toBe('Asha');
    vi.advanceTimersByTime(299);
    expect(storage.writes).toBe(0);
    vi.advanceTimersByTime(1);
    expect(storage.writes).toBe(1);
    expect(savedName(storage)).toBe('Asha');
    // A reload after the pause starts from what was typed.
    expect(createApplicationStore({ storage, key: 'k' }).getState().basicDetails.policyHolder.fullName).toBe(
      'Asha',
    );
  });

  it('keeps a change made just before the page is hidden or left', () => {
    const storage = memoryStorage();
    const store = createApplicationStore({ storage, key: 'k' });
    const stop = persistOnPageHide(store, window);
    typeName(store, 'Ravi');
    window.dispatchEvent(new Event('pagehide'));
    expect(savedName(storage)).toBe('Ravi');
    expect(storage.writes).toBe(1);

    typeName(store, 'Ravi Kumar');
    const visibility = vi.spyOn(document, 'visibilityState', 'get');
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(savedName(storage)).toBe('Ravi');
    visibility.mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(savedName(storage)).toBe('Ravi Kumar');
    visibility.mockRestore();

    // Nothing new: the pause's timer and a second pagehide write nothing more.
    const writes = storage.writes;
    vi.advanceTimersByTime(1000);
    window.dispatchEvent(new Event('pagehide'));
    expect(storage.writes).toBe(writes);

    // Leaving the screen flushes once more and stops listening.
    typeName(store, 'Ravi K');
    stop();
    expect(savedName(storage)).toBe('Ravi K');
    typeName(store, 'Ravi');
    window.dispatchEvent(new Event('pagehide'));
    expect(savedName(storage)).toBe('Ravi K');
  });
});
