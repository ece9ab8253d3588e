import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApplicationStore } from '../../../engine/state/applicationStore.ts';
import { ApiFailure, type ApiClient } from '../../api/apiClient.ts';
import { refreshApplication } from '../../journey/payment/refreshApplication.ts';

export type RefreshStatus =
  /** This tab holds no application: nothing to refresh. */
  | { kind: 'none' }
  | { kind: 'loading' }
  | { kind: 'fresh' }
  /** The server refuses it as already submitted (409): the tab's copy is what there is to show. */
  | { kind: 'submitted' }
  /** Not read back; `message` is the server's reason, when it gave one. The tab's copy stays. */
  | { kind: 'failed'; message?: string; dismissed: boolean };

/**
 * Once per page load, reads this tab's application back from the server (the gateway or
 * another window may have changed it) and merges it into the store with the answer's
 * capability and version. On failure the store keeps what session storage held. It starts
 * when `start` first holds (a screen that can show the tab's copy asks only once it is up, so
 * the API client's code never delays it); `settled` resolves when it is over, whatever its
 * outcome (a save waits for it, so it is made on the version the server holds).
 */
export function useApplicationRefresh(
  store: ApplicationStore,
  productId: string,
  api: () => ApiClient,
  start = true,
): { status: RefreshStatus; dismiss: () => void; settled: Promise<void> } {
  const [status, setStatus] = useState<RefreshStatus>(() =>
    store.getState().applicationNumber ? { kind: 'loading' } : { kind: 'none' },
  );
  const [started, setStarted] = useState(start);
  if (start && !started) setStarted(true);
  const request = useRef<Promise<unknown>>(undefined);
  const [settled] = useState(() => {
    let resolve!: () => void;
    const promise = new Promise<void>((done) => (resolve = done));
    return { promise, resolve };
  });

  useEffect(() => {
    if (!store.getState().applicationNumber) {
      settled.resolve();
      return;
    }
    if (!started) return;
    let live = true;
    // One read-back per page load: a second run of this effect (React's StrictMode runs it
    // twice) joins the first's, so no older answer lands after a save.
    request.current ??= refreshApplication(api(), store, productId);
    const refreshed = request.current;
    refreshed.then(settled.resolve, settled.resolve);
    refreshed.then(
      () => live && setStatus({ kind: 'fresh' }),
      (error: unknown) => {
        if (!live) return;
        if (error instanceof ApiFailure && error.statusCode === 409) {
          // Submitted elsewhere (another device, another tab): this tab's copy is submitted too.
          store.dispatch({ type: 'updateMapping', data: { journeyFlag: true } });
          setStatus({ kind: 'submitted' });
        } else
          setStatus({
            kind: 'failed',
            message: error instanceof ApiFailure ? error.message : undefined,
            dismissed: false,
          });
      },
    );
    return () => {
      live = false;
    };
  }, [api, productId, store, started, settled]);

  const dismiss = useCallback(
    () => setStatus((current) => (current.kind === 'failed' ? { ...current, dismissed: true } : current)),
    [],
  );
  return { status, dismiss, settled: settled.promise };
}
