import {
  applicationReducer,
  initialApplicationState,
  type ApplicationAction,
  type ApplicationState,
} from './applicationState.ts';

/** The part of the Web Storage API the store needs (sessionStorage in the browser). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface ApplicationStore {
  getState(): ApplicationState;
  dispatch(action: ApplicationAction): void;
  subscribe(listener: () => void): () => void;
  /** The global loading flag that drives the loader (not persisted). */
  isLoading(): boolean;
  setLoading(loading: boolean): void;
}

/** The data-mapping key under which one plan's application state is kept in session storage. */
export function dataMappingKey(productId: string): string {
  return `dataMapping:${productId}`;
}

function restore(storage: KeyValueStorage | undefined, key: string): ApplicationState {
  const initial = initialApplicationState();
  const raw = storage?.getItem(key);
  if (!raw) return initial;
  try {
    const saved = JSON.parse(raw) as Partial<ApplicationState>;
    return applicationReducer(initial, { type: 'resume', data: saved });
  } catch {
    // A corrupt entry (edited by hand, or truncated) must not break the page.
    storage?.removeItem(key);
    return initial;
  }
}

/**
 * An external store (useSyncExternalStore-compatible) holding the application state,
 * written to storage on every change and restored from it on creation.
 */
export function createApplicationStore({
  storage,
  key,
}: {
  storage?: KeyValueStorage;
  key: string;
}): ApplicationStore {
  let state = restore(storage, key);
  let loading = false;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());

  return {
    getState: () => state,
    dispatch(action) {
      const next = applicationReducer(state, action);
      if (next === state) return;
      state = next;
      try {
        storage?.setItem(key, JSON.stringify(state));
      } catch {
        // Storage full or disabled (private mode): the journey goes on in memory.
      }
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isLoading: () => loading,
    setLoading(next) {
      if (next === loading) return;
      loading = next;
      notify();
    },
  };
}
