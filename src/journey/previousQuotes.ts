import type { KeptApplications } from '../../engine/plan/adapter.ts';
import type { LoadedPlan } from '../../engine/plan/types.ts';
import type { ApplicationStore, KeyValueStorage } from '../../engine/state/applicationStore.ts';
import type { ApplicationState } from '../../engine/state/applicationState.ts';
import type { ApiClient } from '../api/apiClient.ts';

/** spec 02 §3.1, §4.4: up to 4 previous quotes kept locally, newest first, and the last application number. */
export const PREVIOUS_QUOTES_LIMIT = 4;

export interface PreviousQuote {
  applicationNumber: string;
  /** The application's capability, so this device can continue it without proving again. */
  capability?: string;
  savedAt: string;
  previousQuoteData: Record<string, unknown>;
  basicDetails: { policyHolder: Record<string, unknown>; insuredPerson: Record<string, unknown> };
}

const quotesKey = (productId: string) => `previousQuotes:${productId}`;
const numberKey = (productId: string) => `previousApplicationNumber:${productId}`;

export function readPreviousQuotes(storage: KeyValueStorage, productId: string): PreviousQuote[] {
  try {
    const parsed = JSON.parse(storage.getItem(quotesKey(productId)) ?? '[]') as unknown;
    return Array.isArray(parsed) ? (parsed as PreviousQuote[]) : [];
  } catch {
    return [];
  }
}

export function rememberQuote(
  storage: KeyValueStorage,
  productId: string,
  quote: PreviousQuote,
): PreviousQuote[] {
  const list = [
    quote,
    ...readPreviousQuotes(storage, productId).filter((q) => q.applicationNumber !== quote.applicationNumber),
  ];
  const kept = list.slice(0, PREVIOUS_QUOTES_LIMIT);
  try {
    storage.setItem(quotesKey(productId), JSON.stringify(kept));
    storage.setItem(numberKey(productId), quote.applicationNumber);
  } catch {
    // Storage full or disabled: the journey goes on without the local history.
  }
  return kept;
}

export function previousApplicationNumber(storage: KeyValueStorage, productId: string): string | undefined {
  return storage.getItem(numberKey(productId)) ?? undefined;
}

/** Opens a previous quote of this device: resume by application number with its kept capability. */
export async function resumePreviousQuote(
  api: ApiClient,
  plan: LoadedPlan,
  store: ApplicationStore,
  quote: PreviousQuote,
): Promise<void> {
  const answer = await api.post<{ data: Partial<ApplicationState>; capability: string; version: number }>(
    '/buyonlineoauth/retrieve-data',
    { applicationNumber: quote.applicationNumber, retrieve: 'appnumber', productId: plan.config.productId },
    { capability: quote.capability },
  );
  store.dispatch({ type: 'reset' });
  store.dispatch({
    type: 'resume',
    data: { ...answer.data, capability: answer.capability, version: answer.version },
  });
}

/**
 * The previous quotes as the journey's kept applications: a Quote ID this device started or
 * resumed opens with the capability it kept, and a resumed application joins the list.
 */
export function keptApplications(local: KeyValueStorage): KeptApplications {
  return {
    capabilityFor: (productId, applicationNumber) =>
      readPreviousQuotes(local, productId).find((quote) => quote.applicationNumber === applicationNumber)
        ?.capability,
    remember(productId, saved, capability) {
      const applicationNumber = saved.applicationNumber;
      if (typeof applicationNumber !== 'string') return;
      const basicDetails = (saved.basicDetails ?? {}) as Partial<PreviousQuote['basicDetails']>;
      rememberQuote(local, productId, {
        applicationNumber,
        capability,
        savedAt: new Date().toISOString(),
        previousQuoteData: {},
        basicDetails: {
          policyHolder: basicDetails.policyHolder ?? {},
          insuredPerson: basicDetails.insuredPerson ?? {},
        },
      });
    },
  };
}
