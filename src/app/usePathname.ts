import { useSyncExternalStore } from 'react';

/*
 * The journey's routing is decided by each plan's machine; the app only needs to read
 * and write the path. History API, with a custom event so pushes notify subscribers.
 */
const NAVIGATE_EVENT = 'bimaflow:navigate';

function subscribe(listener: () => void) {
  window.addEventListener('popstate', listener);
  window.addEventListener(NAVIGATE_EVENT, listener);
  return () => {
    window.removeEventListener('popstate', listener);
    window.removeEventListener(NAVIGATE_EVENT, listener);
  };
}

export function usePathname(): string {
  return useSyncExternalStore(subscribe, () => window.location.pathname);
}

export function navigate(path: string, { replace = false }: { replace?: boolean } = {}): void {
  if (path === window.location.pathname) return;
  if (replace) window.history.replaceState(null, '', path + window.location.search);
  else window.history.pushState(null, '', path);
  window.dispatchEvent(new Event(NAVIGATE_EVENT));
}
