import { useState, useSyncExternalStore } from 'react';
import type { ApplicationStore } from '../../../engine/state/applicationStore.ts';
import { ApiFailure, type ApiClient } from '../../api/apiClient.ts';
import { downloadBenefitIllustration, illustratedQuote } from '../../api/benefitIllustration.ts';
import type { ProposalContent } from '../../plans/proposalContent.ts';

type Status = { kind: 'idle' | 'loading' } | { kind: 'failed'; message: string };

/** Downloads the benefit illustration of the application's quote; absent when it has no quote. */
export function BenefitIllustrationButton({
  store,
  api,
  copy,
}: {
  store: ApplicationStore;
  api: ApiClient;
  copy: ProposalContent['benefitIllustration'];
}) {
  const state = useSyncExternalStore(store.subscribe, store.getState);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  if (!illustratedQuote(state) || !state.applicationNumber) return null;

  const download = async () => {
    setStatus({ kind: 'loading' });
    try {
      await downloadBenefitIllustration(api, store.getState());
      setStatus({ kind: 'idle' });
    } catch (error) {
      setStatus({
        kind: 'failed',
        message:
          error instanceof ApiFailure && error.statusCode >= 400 && error.statusCode < 500
            ? error.message
            : copy.failed,
      });
    }
  };

  return (
    <div className="bf-proposal__bi">
      <button
        type="button"
        className="bf-button bf-button--secondary"
        onClick={() => void download()}
        disabled={status.kind === 'loading'}
      >
        {status.kind === 'loading' ? copy.preparing : copy.action}
      </button>
      {status.kind === 'failed' && (
        <p className="bf-quote__error" role="alert">
          {status.message}
        </p>
      )}
    </div>
  );
}
