import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { LoadedPlan } from '../../../engine/plan/types.ts';
import type { ApplicationState } from '../../../engine/state/applicationState.ts';
import type { ApplicationStore } from '../../../engine/state/applicationStore.ts';
import { shallowEqual, useStoreSelector } from '../../../engine/state/useStoreSelector.ts';
import { useJourneyServices } from '../JourneyServices.ts';
import { quoteInputsKey } from './quoteRequest.ts';
import { quoteFailureMessage, quoteStepsValid, quoteStepValues, requestQuote } from './requestQuote.ts';

export type QuoteStatus =
  { kind: 'idle' } | { kind: 'loading' } | { kind: 'ready' } | { kind: 'failed'; message: string };

/**
 * Asks for a quote whenever an input it depends on changes and the quote's steps are valid
 * (at once the first time, then debounced while the visitor types; only an answer for the inputs on screen is kept, see requestQuote). Ready when
 * the stored quote is for what is on screen. It re-renders only when the quote's inputs or the
 * stored quote change, and validates the quote's steps once per change of their data.
 */
export function useQuote(plan: LoadedPlan, store: ApplicationStore, delayMs = 400): QuoteStatus {
  const { api, now } = useJourneyServices();
  const key = useStoreSelector(
    store,
    useCallback((state: ApplicationState) => quoteInputsKey(state, plan.config), [plan]),
  );
  const quotedFor = useStoreSelector(store, quotedForOf);
  const stepValues = useStoreSelector(
    store,
    useCallback((state: ApplicationState) => quoteStepValues(plan, state), [plan]),
    shallowEqual,
  );
  const fresh = quotedFor === key;
  const valid = useMemo(() => fresh || quoteStepsValid(plan, stepValues), [fresh, plan, stepValues]);
  // What the last finished request said, and for which inputs: a result for other inputs is stale.
  const [outcome, setOutcome] = useState<{ key: string; status: QuoteStatus }>();

  // The first quote of the step goes at once: nothing was typed, there is nothing to wait for.
  const asked = useRef(false);
  useEffect(() => {
    if (fresh || !valid) return;
    let live = true;
    const wait = asked.current ? delayMs : 0;
    asked.current = true;
    const timer = setTimeout(() => {
      requestQuote(plan, store, api, now()).then(
        () => live && setOutcome({ key, status: { kind: 'ready' } }),
        (error: unknown) =>
          live && setOutcome({ key, status: { kind: 'failed', message: quoteFailureMessage(error) } }),
      );
    }, wait);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [key, fresh, valid, plan, store, api, now, delayMs]);

  if (fresh) return { kind: 'ready' };
  if (!valid) return { kind: 'idle' };
  return outcome?.key === key && outcome.status.kind === 'failed' ? outcome.status : { kind: 'loading' };
}

const quotedForOf = (state: ApplicationState) => (state.planDetails as Record<string, unknown>).quotedFor;
