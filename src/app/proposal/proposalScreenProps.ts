import type { Ref } from 'react';
import type { PlanSummary } from '../../plans/planSummary.ts';
import type { ApplicationState } from '../../../engine/state/applicationState.ts';
import type { ApplicationStore } from '../../../engine/state/applicationStore.ts';
import type { ApiClient } from '../../api/apiClient.ts';
import type { PlanContent } from '../../plans/planContent.ts';

/** What every screen of the proposal page is given. */
export interface ProposalScreenProps {
  config: PlanSummary;
  content: PlanContent;
  store: ApplicationStore;
  /** The API client the page was given (tests pass a fake). */
  api: ApiClient;
  state: ApplicationState;
  /**
   * Over once the page's read-back of the application from the server is (however it went): a
   * call that sends the application's version or sections reads them from the store after it.
   */
  settled: Promise<void>;
  /** The screen's h1, which takes the focus when the visitor moves between screens. */
  headingRef: Ref<HTMLHeadingElement>;
}
