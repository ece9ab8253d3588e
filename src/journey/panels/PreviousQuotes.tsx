import { useState } from 'react';
import type { ApplicationState } from '../../../engine/state/applicationState.ts';
import { useStoreSelector } from '../../../engine/state/useStoreSelector.ts';
import { ApiFailure } from '../../api/apiClient.ts';
import { useJourneyServices } from '../JourneyServices.ts';
import { readPreviousQuotes, resumePreviousQuote } from '../previousQuotes.ts';
import type { SharedPanelProps } from './panelTypes.ts';
import { RESUME_FAILED } from './PreviousQuoteStrip.tsx';

const applicationNumberOf = (state: ApplicationState) => state.applicationNumber;

/** Plan details: the other quotes this device made (up to 4, newest first), each one tap away (spec 02 §2.5). */
export function PreviousQuotes({ plan, store, goTo, params }: SharedPanelProps) {
  const { api, local } = useJourneyServices();
  const applicationNumber = useStoreSelector(store, applicationNumberOf);
  const [quotes] = useState(() => readPreviousQuotes(local, plan.config.productId));
  const [failure, setFailure] = useState<string>();
  const others = quotes.filter((quote) => quote.applicationNumber !== applicationNumber && quote.capability);
  if (others.length === 0) return null;
  const open = async (index: number) => {
    setFailure(undefined);
    try {
      await resumePreviousQuote(api, plan, store, others[index]!);
      goTo(typeof params.route === 'string' ? params.route : 'plan-details');
    } catch (error) {
      setFailure(error instanceof ApiFailure ? error.message : RESUME_FAILED);
    }
  };
  return (
    <section className="bf-previous-quotes" aria-labelledby="bf-previous-quotes-title">
      <h2 id="bf-previous-quotes-title">Your previous quotes</h2>
      <ul>
        {others.map((quote, index) => (
          <li key={quote.applicationNumber}>
            <span>
              Quote ID <strong>{quote.applicationNumber}</strong> ·{' '}
              {new Date(quote.savedAt).toLocaleDateString('en-IN')}
            </span>
            <button type="button" className="bf-link-button" onClick={() => void open(index)}>
              Open<span className="bf-visually-hidden"> quote {quote.applicationNumber}</span>
            </button>
          </li>
        ))}
      </ul>
      {failure && (
        <p className="bf-quote__error" role="alert">
          {failure}
        </p>
      )}
    </section>
  );
}
