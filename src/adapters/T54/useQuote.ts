import { useEffect, useState, useSyncExternalStore } from 'react';
import type { StepPanelProps } from '../../../engine/plan/adapter.ts';
import { validateData } from '../../../engine/validation/validateData.ts';
import { ApiFailure, type ApiClient } from '../../api/apiClient.ts';
import { buildQuoteRequest, quoteInputsKey, type QuoteSections } from './quoteRequest.ts';

export const QUOTE_FAILED = 'Failed to calculate quote details.';

export type QuoteStatus =
  { kind: 'idle' } | { kind: 'loading' } | { kind: 'ready' } | { kind: 'failed'; message: string };

const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

/**
 * Asks for a quote whenever an input it depends on changes and the step's data is valid
 * (debounced, latest wins), and keeps the answer in planDetails (response, quoteNumber,
 * and the key of the inputs it was made for), so review and the saved stage show it.
 */
export async function requestQuote(
  props: Pick<StepPanelProps, 'plan' | 'store'>,
  api: ApiClient,
): Promise<QuoteSections> {
  const state = props.store.getState();
  const answer = await api.post<{
    status?: string;
    data?: { quoteNumber?: string; quotePlanSectionDetails?: QuoteSections };
  }>('/proposal_service/v1/quotes', buildQuoteRequest(state, props.plan.config, today()), {
    plain: true,
    capability: (state.capability as string | undefined) ?? undefined,
  });
  const sections = answer.data?.quotePlanSectionDetails;
  if (String(answer.status) !== '200' || !answer.data?.quoteNumber || !sections)
    throw new ApiFailure(QUOTE_FAILED);
  const response = { ...sections, quoteNumber: answer.data.quoteNumber };
  const latest = props.store.getState();
  props.store.dispatch({
    type: 'setAt',
    pointer: '/planDetails',
    value: {
      ...latest.planDetails,
      response,
      quoteNumber: answer.data.quoteNumber,
      quotedFor: quoteInputsKey(state),
    },
  });
  return response;
}

export function useQuote(props: StepPanelProps, api: () => ApiClient, delayMs = 400): QuoteStatus {
  const { store, plan } = props;
  const state = useSyncExternalStore(store.subscribe, store.getState);
  const key = quoteInputsKey(state);
  const fresh = (state.planDetails as Record<string, unknown>).quotedFor === key;
  // What the last finished request said, and for which inputs: a result for other inputs is stale.
  const [outcome, setOutcome] = useState<{ key: string; status: QuoteStatus }>();

  useEffect(() => {
    if (fresh) return;
    // Whatever screen shows the quote, it is asked for only once the plan details are valid.
    const step = plan.steps['plan-details'];
    if (!step || !validateData(step.schema, { planDetails: store.getState().planDetails }).valid) return;
    let live = true;
    const timer = setTimeout(() => {
      requestQuote(props, api()).then(
        () => live && setOutcome({ key, status: { kind: 'ready' } }),
        (error: unknown) =>
          live &&
          setOutcome({
            key,
            status: {
              kind: 'failed',
              message:
                error instanceof ApiFailure && error.fieldErrors.length
                  ? error.fieldErrors[0]!.message
                  : QUOTE_FAILED,
            },
          }),
      );
    }, delayMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // The key captures every input of the quote; props are stable for the step.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, fresh]);

  if (fresh) return { kind: 'ready' };
  const step = plan.steps['plan-details'];
  if (step && !validateData(step.schema, { planDetails: state.planDetails }).valid) return { kind: 'idle' };
  return outcome?.key === key && outcome.status.kind === 'failed' ? outcome.status : { kind: 'loading' };
}
