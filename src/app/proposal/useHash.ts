import { useSyncExternalStore } from 'react';

function subscribe(listener: () => void) {
  window.addEventListener('hashchange', listener);
  return () => window.removeEventListener('hashchange', listener);
}

/** The address's hash ('#/payment-success'), following every hash navigation. */
export function useHash(): string {
  return useSyncExternalStore(subscribe, () => window.location.hash);
}
