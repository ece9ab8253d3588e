import { useState } from 'react';
import type { ApplicationState } from '../../../engine/state/applicationState.ts';
import { useStoreSelector } from '../../../engine/state/useStoreSelector.ts';
import { ApiFailure } from '../../api/apiClient.ts';
import { useJourneyServices } from '../JourneyServices.ts';
import { readPreviousQuotes, resumePreviousQuote } from '../previousQuotes.ts';
import type { SharedPanelProps } from './panelTypes.ts';

/** spec 02 §8: the resume fallback message. */
export const RESUME_FAILED = 'Please enter valid application number';

const applicationNumberOf = (state: ApplicationState) => state.applicationNumber;

/**
 * The 'continue with previous quote' strip of the landing (spec 02 §1, §3.1): the newest
 * application this device started, resumed with the capability it kept and taken where its
 * stage says, as any resume is (a paid one to its proposal, never to an editable quote).
 */
export function PreviousQuoteStrip({ plan, store, follow }: SharedPanelProps) {
  const { api, local } = useJourneyServices();
  const applicationNumber = useStoreSelector(store, applicationNumberOf);
  const [previous] = useState(() => readPreviousQuotes(local, plan.config.productId)[0]);
  const [status, setStatus] = useState<{ kind: 'idle' | 'loading' } | { kind: 'failed'; message: string }>({
    kind: 'idle',
  });
  if (!previous?.capability || previous.applicationNumber === applicationNumber) return null;

  const resume = async () => {
    setStatus({ kind: 'loading' });
    try {
      await resumePreviousQuote(api, plan, store, previous);
      // Where its stage says (spec 02 §4.2), as a resume does: a paid application's proposal,
      // an unpaid one's step of its stage.
      follow('RESUME');
    } catch (error) {
      setStatus({ kind: 'failed', message: error instanceof ApiFailure ? error.message : RESUME_FAILED });
    }
  };

  const content = (
    plan.content as { landing?: { previousQuote?: { text: string; action: string } } } | undefined
  )?.landing?.previousQuote;
  return (
    <div className="bf-previous-quote" role="region" aria-label="Previous quote">
      <p>
        {content?.text ?? 'Continue with your previous quote'}{' '}
        <strong>Quote ID {previous.applicationNumber}</strong>
      </p>
      <button
        type="button"
        className="bf-button bf-button--secondary"
        onClick={() => void resume()}
        disabled={status.kind === 'loading'}
      >
        {status.kind === 'loading' ? 'Opening…' : (content?.action ?? 'Continue')}
      </button>
      {status.kind === 'failed' && (
        <p className="bf-quote__error" role="alert">
          {status.message}
        </p>
      )}
    </div>
  );
}
