import type { LoadedStep } from '../../../engine/plan/types.ts';
import { setAtPointer, type ApplicationState } from '../../../engine/state/applicationState.ts';
import type { ApplicationStore } from '../../../engine/state/applicationStore.ts';
import type { ApiClient, FieldError } from '../../api/apiClient.ts';
import type { PlanSummary } from '../../plans/planSummary.ts';
import { draftPointer, savedFields, savedSections } from './proposalSteps.ts';

/*
 * The proposal page's calls (docs/design/proposal.md): a step saves its stage's sections, the
 * last step submits the proposal. Both carry the application's capability and version; the
 * server checks the same schemas and answers the new version.
 */

export const PROPOSAL_PATHS = {
  stage: (stage: string) => `/buyonlineoauth/stages/${stage}`,
  submit: '/buyonlineoauth/proposal/submit',
} as const;

/** Why the server refused a submission, kept for #/registration-unsuccesful. */
export interface ProposalRefusal {
  message: string;
  errors: FieldError[];
}

type Data = Record<string, unknown>;

/**
 * Saves a proposal step: its form's data written into the stage's sections of the application,
 * those sections sent whole; once the server has them, the application holds them, the version
 * moves on and the step's draft is gone. Throws the server's ApiFailure when it refuses.
 */
export async function saveProposalStep(
  api: ApiClient,
  store: ApplicationStore,
  config: PlanSummary,
  key: string,
  step: LoadedStep,
  data: Data,
  /** The page's read-back of the application: the save is made on the version it brings. */
  settled: Promise<void> = Promise.resolve(),
): Promise<void> {
  await settled;
  const { definition } = step;
  const state = store.getState();
  let next: ApplicationState = state;
  for (const [field, pointer] of savedFields(definition)) next = setAtPointer(next, pointer, data[field]);
  const sections = Object.fromEntries(savedSections(definition).map((section) => [section, next[section]]));
  const answer = await api.post<{ status?: string; version?: number }>(
    PROPOSAL_PATHS.stage(definition.submit!.stage!),
    {
      applicationNumber: state.applicationNumber,
      version: state.version,
      productId: config.productId,
      planCode: config.planCode,
      ...sections,
    },
    { capability: state.capability as string },
  );
  for (const [section, value] of Object.entries(sections))
    store.dispatch({ type: 'setAt', pointer: `/${section}`, value });
  store.dispatch({ type: 'setAt', pointer: draftPointer(key), value: undefined });
  store.dispatch({ type: 'updateMapping', data: { version: answer.version } });
  store.flush();
}

/** Submits the proposal; the application is then submitted (journeyFlag) in this tab too. */
export async function submitProposal(
  api: ApiClient,
  store: ApplicationStore,
  settled: Promise<void> = Promise.resolve(),
): Promise<void> {
  await settled;
  const state = store.getState();
  const answer = await api.post<{ status?: string; version?: number; submittedAt?: string }>(
    PROPOSAL_PATHS.submit,
    { applicationNumber: state.applicationNumber, version: state.version },
    { capability: state.capability as string },
  );
  store.dispatch({
    type: 'updateMapping',
    data: {
      version: answer.version,
      journeyFlag: true,
      applicationSubmitted: true,
      submittedAt: answer.submittedAt,
      proposalRefusal: undefined,
    },
  });
  store.flush();
}
