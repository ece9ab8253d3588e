import type { LoadedPlan } from '../../../engine/plan/types.ts';
import type { ApplicationStore } from '../../../engine/state/applicationStore.ts';
import { validateData } from '../../../engine/validation/validateData.ts';
import { getByPointer } from '../../../engine/schema/pointer.ts';
import { ApiFailure, type ApiClient } from '../../api/apiClient.ts';
import type { DisplayRow } from '../../pricing/calculator.ts';
import { buildQuoteRequest, quoteInputsKey } from './quoteRequest.ts';

/** spec 02 §8: what the visitor reads when no quote could be made. */
export const QUOTE_FAILED = 'Failed to calculate quote details.';

/** `quotePlanSectionDetails` as the browser keeps it in planDetails.response. */
export interface QuoteSections {
  quoteNumber: string;
  headline?: string;
  installmentPremiumWithTaxFY?: number;
  youPay?: DisplayRow[];
  youGet?: DisplayRow[];
  breakup?: DisplayRow[];
  explanation?: DisplayRow[];
  [field: string]: unknown;
}

const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/**
 * The data of each step the quote reads (plan.json quote.steps), assembled from the application
 * by the step's bind map; undefined for a step the plan does not have. The values are the
 * application's own objects, so an unchanged step gives identical values (see useQuote's memo).
 */
export function quoteStepValues(plan: LoadedPlan, application: unknown): unknown[] {
  return (plan.config.quote?.steps ?? []).flatMap((id) => {
    const step = plan.steps[id];
    if (!step) return [undefined];
    return Object.values(step.definition.bind).map((pointer) => getByPointer(application, pointer));
  });
}

/**
 * Whether every step the quote reads holds valid data, given quoteStepValues' values. Not
 * while a step's validators are still loading (a phone loads them after the first step).
 */
export function quoteStepsValid(plan: LoadedPlan, values: readonly unknown[]): boolean {
  let next = 0;
  return (plan.config.quote?.steps ?? []).every((id) => {
    const step = plan.steps[id];
    if (!step?.validatorLoaded()) return false;
    const data = Object.fromEntries(
      Object.keys(step.definition.bind).map((field) => [field, values[next++]]),
    );
    return validateData(step.schema, data, { uiSchema: step.uiSchema, validator: step.validator }).valid;
  });
}

/** Whether every step the quote reads (plan.json quote.steps) holds valid data. */
export function quoteInputsValid(plan: LoadedPlan, application: unknown): boolean {
  return quoteStepsValid(plan, quoteStepValues(plan, application));
}

/** Whether the application's stored quote is for what it holds now. */
export function quoteIsFresh(plan: LoadedPlan, store: ApplicationStore): boolean {
  const state = store.getState();
  return (state.planDetails as Record<string, unknown>).quotedFor === quoteInputsKey(state, plan.config);
}

/**
 * Asks the server for a quote of the application as it is, and keeps the answer in
 * planDetails (response, quoteNumber, and the key of the inputs it was made for), so the
 * quote panel, review, the saved stage and the illustration show the same figures.
 */
export function requestQuote(
  plan: LoadedPlan,
  store: ApplicationStore,
  api: ApiClient,
  today: Date,
): Promise<QuoteSections> {
  // One request per store and inputs at a time: a second ask for the same inputs while the
  // first is answering (the step's first quote asked as it opens, then by its panel) joins it.
  const key = quoteInputsKey(store.getState(), plan.config);
  const asking = inFlight.get(store) ?? new Map<string, Promise<QuoteSections>>();
  inFlight.set(store, asking);
  const pending = asking.get(key);
  if (pending) return pending;
  const request = askForQuote(plan, store, api, today, key);
  asking.set(key, request);
  const done = () => asking.get(key) === request && asking.delete(key);
  request.then(done, done);
  return request;
}

/** The requests answering now, per store and inputs key (each removed as it settles). */
const inFlight = new WeakMap<ApplicationStore, Map<string, Promise<QuoteSections>>>();

async function askForQuote(
  plan: LoadedPlan,
  store: ApplicationStore,
  api: ApiClient,
  today: Date,
  key: string,
): Promise<QuoteSections> {
  const state = store.getState();
  const answer = await api.post<{
    status?: string;
    data?: { quoteNumber?: string; quotePlanSectionDetails?: QuoteSections };
  }>('/proposal_service/v1/quotes', buildQuoteRequest(state, plan.config, isoDay(today)), {
    plain: true,
    capability: (state.capability as string | undefined) ?? undefined,
  });
  const sections = answer.data?.quotePlanSectionDetails;
  if (String(answer.status) !== '200' || !answer.data?.quoteNumber || !sections)
    throw new ApiFailure(QUOTE_FAILED);
  const response = { ...sections, quoteNumber: answer.data.quoteNumber };
  const latest = store.getState();
  const latestDetails = latest.planDetails as Record<string, unknown>;
  // One quote per set of inputs, the first that arrives: a second answer for the same inputs
  // (the live quote and Next asking at once) would make the screen and the saved plan name
  // two quotes; an answer for inputs the visitor has since changed is not kept at all.
  if (latestDetails.quotedFor === key) return latestDetails.response as QuoteSections;
  if (quoteInputsKey(latest, plan.config) !== key) return response;
  const kept: Record<(typeof QUOTE_KEPT_FIELDS)[number], unknown> = {
    response,
    quoteNumber: answer.data.quoteNumber,
    quotedFor: key,
  };
  store.dispatch({ type: 'setAt', pointer: '/planDetails', value: { ...latest.planDetails, ...kept } });
  return response;
}

/** What a quote's answer leaves in planDetails: the answer, its number, the key of its inputs. */
export const QUOTE_KEPT_FIELDS = ['response', 'quoteNumber', 'quotedFor'] as const;

/** The message of a failed quote: the server's field message when it gave one. */
export function quoteFailureMessage(error: unknown): string {
  return error instanceof ApiFailure && error.fieldErrors.length
    ? error.fieldErrors[0]!.message
    : QUOTE_FAILED;
}
