import { useEffect, useState, useSyncExternalStore } from 'react';
import type { LoadedPlan } from '../../../engine/plan/types.ts';
import type { ApplicationStore } from '../../../engine/state/applicationStore.ts';
import { useJourneyServices } from '../JourneyServices.ts';
import { quoteInputsKey } from './quoteRequest.ts';
import { quoteFailureMessage, quoteInputsValid, requestQuote } from './requestQuote.ts';

export type QuoteStatus =
  { kind: 'idle' } | { kind: 'loading' } | { kind: 'ready' } | { kind: 'failed'; message: string };

/**
 * Asks for a quote whenever an input it depends on changes and the quote's steps are valid
 * (debounced; only an answer for the inputs on screen is kept, see requestQuote). Ready when
 * the stored quote is for what is on screen.
 */
export function useQuote(plan: LoadedPlan, store: ApplicationStore, delayMs = 400): QuoteStatus {
  const { api, now } = useJourneyServices();
  const state = useSyncExternalStore(store.subscribe, store.getState);
  const key = quoteInputsKey(state, plan.config);
  const fresh = (state.planDetails as Record<string, unknown>).quotedFor === key;
  const valid = fresh || quoteInputsValid(plan, state);
  // What the last finished request said, and for which inputs: a result for other inputs is stale.
  const [outcome, setOutcome] = useState<{ key: string; status: QuoteStatus }>();

  useEffect(() => {
    if (fresh || !valid) return;
    let live = true;
    const timer = setTimeout(() => {
      requestQuote(plan, store, api, now()).then(
        () => live && setOutcome({ key, status: { kind: 'ready' } }),
        (error: unknown) =>
          live && setOutcome({ key, status: { kind: 'failed', message: quoteFailureMessage(error) } }),
      );
    }, delayMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [key, fresh, valid, plan, store, api, now, delayMs]);

  if (fresh) return { kind: 'ready' };
  if (!valid) return { kind: 'idle' };
  return outcome?.key === key && outcome.status.kind === 'failed' ? outcome.status : { kind: 'loading' };
}
