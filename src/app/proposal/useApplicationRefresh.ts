import { useCallback, useEffect, useState } from 'react';
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
 * capability and version. On failure the store keeps what session storage held.
 */
export function useApplicationRefresh(
  store: ApplicationStore,
  productId: string,
  api: () => ApiClient,
): { status: RefreshStatus; dismiss: () => void } {
  const [status, setStatus] = useState<RefreshStatus>(() =>
    store.getState().applicationNumber ? { kind: 'loading' } : { kind: 'none' },
  );

  useEffect(() => {
    if (!store.getState().applicationNumber) return;
    let live = true;
    refreshApplication(api(), store, productId).then(
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
  }, [api, productId, store]);

  const dismiss = useCallback(
    () => setStatus((current) => (current.kind === 'failed' ? { ...current, dismissed: true } : current)),
    [],
  );
  return { status, dismiss };
}
