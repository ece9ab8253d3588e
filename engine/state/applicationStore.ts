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

export interface DispatchOptions {
  /**
   * A keystroke's change (a step form's onChange): written to storage once the changes pause
   * (persistDelayMs), or on flush, rather than at once as every other change is.
   */
  typing?: boolean;
}

export interface ApplicationStore {
  getState(): ApplicationState;
  dispatch(action: ApplicationAction, options?: DispatchOptions): void;
  /** Called after every change; read a slice with useStoreSelector to re-render only when it changes. */
  subscribe(listener: () => void): () => void;
  /** Writes a change not yet in storage now: before the page goes away or anything reads storage. */
  flush(): void;
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

export interface ApplicationStoreOptions {
  storage?: KeyValueStorage;
  key: string;
  /**
   * How long typing pauses before its changes are written (300 ms). A store that is typed
   * into must be flushed before the page goes away: see persistOnPageHide.
   */
  persistDelayMs?: number;
}

/**
 * An external store (useSyncExternalStore-compatible) holding the application state,
 * restored from storage on creation and written back on every change: at once, or for typing
 * after a pause in it (persistDelayMs), so a keystroke does not serialise the whole application.
 */
export function createApplicationStore({
  storage,
  key,
  persistDelayMs = 300,
}: ApplicationStoreOptions): ApplicationStore {
  let state = restore(storage, key);
  let loading = false;
  let unsaved = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());

  const flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (!unsaved) return;
    unsaved = false;
    try {
      storage?.setItem(key, JSON.stringify(state));
    } catch {
      // Storage full or disabled (private mode): the journey goes on in memory.
    }
  };

  return {
    getState: () => state,
    dispatch(action, options) {
      const next = applicationReducer(state, action);
      if (next === state) return;
      state = next;
      unsaved = true;
      if (options?.typing) {
        if (timer !== undefined) clearTimeout(timer);
        timer = setTimeout(flush, persistDelayMs);
      } else {
        flush();
      }
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    flush,
    isLoading: () => loading,
    setLoading(next) {
      if (next === loading) return;
      loading = next;
      notify();
    },
  };
}

/** The events of a page going away or out of sight (window in the browser). */
export interface PageLifecycle {
  addEventListener(type: 'pagehide', listener: () => void): void;
  removeEventListener(type: 'pagehide', listener: () => void): void;
  document: {
    visibilityState: DocumentVisibilityState;
    addEventListener(type: 'visibilitychange', listener: () => void): void;
    removeEventListener(type: 'visibilitychange', listener: () => void): void;
  };
}

/**
 * Flushes the store when the page is hidden (a tab switch, the phone locking, the app
 * switcher: a mobile browser may discard the page then without another event) and when it
 * goes away (navigation, reload, close), so a change made in the last pause is kept. The
 * returned function stops listening and flushes once more (the journey leaving the screen).
 */
export function persistOnPageHide(store: ApplicationStore, page: PageLifecycle): () => void {
  const onPageHide = () => store.flush();
  const onVisibilityChange = () => {
    if (page.document.visibilityState === 'hidden') store.flush();
  };
  page.addEventListener('pagehide', onPageHide);
  page.document.addEventListener('visibilitychange', onVisibilityChange);
  return () => {
    page.removeEventListener('pagehide', onPageHide);
    page.document.removeEventListener('visibilitychange', onVisibilityChange);
    store.flush();
  };
}
