import { CONSENT_PATHS, type ConsentAnswer } from '../../shared/consentApi.ts';
import type { ApplicationStore } from '../../../engine/state/applicationStore.ts';
import type { ApiClient } from '../../api/apiClient.ts';

/*
 * The consent calls of the proposal page (docs/design/consents.md): the application's
 * consents as the plan words them, and a change of one, each with the application's
 * capability. The server records a change as a new row and answers them all again.
 */

export { CONSENT_PATHS } from '../../shared/consentApi.ts';
/** One consent as the server answers it (src/server/api/consents/consentRoutes.ts). */
export type Consent = ConsentAnswer;

interface ConsentsAnswer {
  status?: string;
  version?: number;
  consents?: Consent[];
}

function applicationOf(store: ApplicationStore) {
  const state = store.getState();
  return { applicationNumber: state.applicationNumber, capability: state.capability as string };
}

/** The application's consents; throws the ApiFailure of a refusal. */
export async function fetchConsents(api: ApiClient, store: ApplicationStore): Promise<Consent[]> {
  const { applicationNumber, capability } = applicationOf(store);
  const answer = await api.post<ConsentsAnswer>(CONSENT_PATHS.current, { applicationNumber }, { capability });
  return answer.consents ?? [];
}

/**
 * Gives or withdraws one consent, to the wording shown; the store's basic details and version
 * follow, so a later save of them says the same and is made on the new version.
 */
export async function changeConsent(
  api: ApiClient,
  store: ApplicationStore,
  consent: Consent,
  granted: boolean,
): Promise<Consent[]> {
  const { applicationNumber, capability } = applicationOf(store);
  const answer = await api.post<ConsentsAnswer>(
    CONSENT_PATHS.change,
    { applicationNumber, kind: consent.kind, granted, version: consent.version },
    { capability },
  );
  store.dispatch({ type: 'setAt', pointer: `${consent.section}/${consent.field}`, value: granted });
  if (answer.version !== undefined)
    store.dispatch({ type: 'updateMapping', data: { version: answer.version } });
  return answer.consents ?? [];
}
