import type { ApplicationState } from '../../../engine/state/applicationState.ts';
import type { ApiClient } from '../../api/apiClient.ts';

/**
 * The stage report (spec 02 §7 crmTermUpdateLead: Lead, Quote, Pay Later). Informational:
 * the visitor never waits on it or sees it fail.
 */
export function reportStage(api: ApiClient, state: ApplicationState, stageApiName: string): void {
  void api
    .post(
      '/buyonlineoauth/service/crmTermUpdateLead',
      { applicationNumber: state.applicationNumber, stageApiName },
      { capability: state.capability as string },
    )
    .catch(() => undefined);
}
