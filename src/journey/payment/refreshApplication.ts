import type { ApplicationState } from '../../../engine/state/applicationState.ts';
import type { ApplicationStore } from '../../../engine/state/applicationStore.ts';
import type { ApiClient } from '../../api/apiClient.ts';

/** Where a tab's application is read back (spec 02 §7 resume by application number, with its capability). */
const RETRIEVE_PATH = '/buyonlineoauth/retrieve-data';

/**
 * Reads this tab's application back from the server (after the gateway changed it) and
 * keeps the answer's capability and version, so the next save is made on the stored one.
 */
export async function refreshApplication(
  api: ApiClient,
  store: ApplicationStore,
  productId: string,
): Promise<ApplicationState> {
  const state = store.getState();
  const answer = await api.post<{
    status?: string;
    data?: Record<string, unknown>;
    capability?: string;
    version?: number;
  }>(
    RETRIEVE_PATH,
    { applicationNumber: state.applicationNumber, retrieve: 'appnumber', productId },
    { capability: state.capability as string },
  );
  if (answer.status !== '200' || !answer.data) throw new Error('The application could not be read');
  store.dispatch({ type: 'resume', data: answer.data });
  store.dispatch({
    type: 'updateMapping',
    data: { capability: answer.capability ?? state.capability, version: answer.version },
  });
  return store.getState();
}
