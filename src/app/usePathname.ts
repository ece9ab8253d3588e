import { useSyncExternalStore } from 'react';

/*
 * The journey's routing is decided by each plan's machine; the app only needs to read
 * and write the path. History API, with a custom event so pushes notify subscribers.
 */
const NAVIGATE_EVENT = 'bimaflow:navigate';

function subscribe(listener: () => void) {
  window.addEventListener('popstate', listener);
  window.addEventListener('hashchange', listener);
  window.addEventListener(NAVIGATE_EVENT, listener);
  return () => {
    window.removeEventListener('popstate', listener);
    window.removeEventListener('hashchange', listener);
    window.removeEventListener(NAVIGATE_EVENT, listener);
  };
}

/** The path and hash together ('/term-plans/x/#/plan-details'): a journey in hash mode routes by the hash. */
export function useLocation(): string {
  return useSyncExternalStore(subscribe, () => window.location.pathname + window.location.hash);
}

export function usePathname(): string {
  return useSyncExternalStore(subscribe, () => window.location.pathname);
}

export function navigate(path: string, { replace = false }: { replace?: boolean } = {}): void {
  if (path === window.location.pathname + (path.includes('#') ? window.location.hash : '')) return;
  // A replace keeps the query (the entry link's utm_source, applicationNo, txnid); it goes
  // before a hash route, where the browser reads it as the query.
  const hash = path.indexOf('#');
  const withQuery =
    hash < 0
      ? path + window.location.search
      : path.slice(0, hash) + window.location.search + path.slice(hash);
  if (replace) window.history.replaceState(null, '', withQuery);
  else window.history.pushState(null, '', path);
  window.dispatchEvent(new Event(NAVIGATE_EVENT));
}
