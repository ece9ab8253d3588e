import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../lib/ApiError.ts';
import type { FieldError } from '../../lib/httpErrorBody.ts';
import { planFor } from '../../plans/serverPlans.ts';
import { MESSAGES } from './applicationMessages.ts';
import type { Application, ApplicationRepository, ApplicationState } from './applicationRepository.ts';
import { REF, SEALED_RESPONSES } from './applicationSchemas.ts';
import { premiumReceived } from './paidApplication.ts';
import { indiaToday } from './policyDates.ts';
import { editedPlace, stepErrors, stepSaved, stepTitle } from '../../plans/stepData.ts';
import { storedDocuments } from './proposalDocuments.ts';
import { withPricedPremium } from './proposalFacts.ts';
import { applicableSteps } from './proposalForms.ts';
import { requireCapability } from './requireCapability.ts';
import { hasExpired } from './resumeRules.ts';
import { furtherStage, PROPOSAL_STAGES } from './stages.ts';

export const PROPOSAL_SUBMIT_PATH = '/buyonlineoauth/proposal/submit';

/** The stage a submitted application is at: the last of the proposal's (spec 02 §4.2 routes it to thank-you). */
const SUBMITTED_STAGE = PROPOSAL_STAGES[PROPOSAL_STAGES.length - 1]!;

/** The e-mandate's stage: its step applies only to a plan with renewal premiums. */
const MANDATE_STAGE = 'emandate-details';

/** The e-mandate the buyer chose, if they chose one (eMandateDetails.primary). */
const MANDATE_CHOICE = 'E-mandate';

type Json = Record<string, unknown>;

function refusal(current: Application | undefined, version: number): ApiError | undefined {
  if (!current) return new ApiError(404, MESSAGES.unknownApplication);
  if (current.journeyFlag) return new ApiError(409, MESSAGES.submitted);
  if (hasExpired(current, indiaToday())) return new ApiError(410, MESSAGES.expired);
  if (current.version !== version) return new ApiError(409, MESSAGES.staleVersion);
  return undefined;
}

/** Why the proposal cannot be submitted yet: a field error for each step not saved or not valid. */
function proposalErrors(application: Application, state: ApplicationState): FieldError[] {
  const plan = planFor(application.productId);
  if (!plan) throw new ApiError(404, MESSAGES.unknownApplication);
  const steps = applicableSteps(plan, state);
  const errors = steps.flatMap((step): FieldError[] => {
    if (!stepSaved(step, state)) {
      const place = editedPlace(step).replace(/^\//, '').split('/').join('.');
      return [{ field: place, message: MESSAGES.stepIncomplete.replace('{step}', stepTitle(step)) }];
    }
    return stepErrors(step, state);
  });
  const mandate = (state.eMandateDetails as { primary?: Json } | undefined)?.primary;
  const mandateApplies = steps.some((step) => step.definition.submit?.stage === MANDATE_STAGE);
  if (mandateApplies && mandate?.choice === MANDATE_CHOICE && mandate.status !== 'success') {
    errors.push({ field: 'eMandateDetails.primary.status', message: MESSAGES.mandateNotAuthorised });
  }
  return errors;
}

/** The documents sections as submitted: each life's marked submitted (spec 02 §4.2 routes by it). */
function submittedDocuments(state: ApplicationState): ApplicationState {
  const documents = (state.document ?? {}) as Record<string, Json | undefined>;
  return Object.fromEntries(
    Object.entries(documents)
      .filter(([, life]) => life && typeof life === 'object')
      .map(([key, life]) => [key, { ...life, submitted: true }]),
  );
}

/**
 * Submits the proposal (docs/design/proposal.md): the premium has reached us, every proposal
 * step that applies is saved and valid by its own schema; then journeyFlag is set, in the
 * statement that checks the version, and the application is neither changed nor resumed again
 * ('This application is already submitted.'). 422 with a field error per incomplete step
 * otherwise, nothing changed.
 */
export function proposalSubmitRoute(app: FastifyInstance, repository: ApplicationRepository) {
  app.post<{ Body: { applicationNumber: string; version: number } }>(
    PROPOSAL_SUBMIT_PATH,
    {
      config: { sealResponse: 'response', writeLimit: 'save' },
      schema: {
        body: {
          type: 'object',
          required: ['applicationNumber', 'version'],
          properties: { applicationNumber: REF.applicationNumber, version: REF.version },
        },
        response: SEALED_RESPONSES,
      },
    },
    async (request) => {
      const { applicationNumber, version } = request.body;
      requireCapability(app, request, applicationNumber);
      const current = await repository.find(applicationNumber);
      const refused = refusal(current, version);
      if (refused) throw refused;
      if (!premiumReceived(current!)) throw new ApiError(422, MESSAGES.premiumNotReceived);
      const errors = [
        // Checked on the application as the server knows it: the premium is the stored quote's.
        ...proposalErrors(current!, await withPricedPremium(app.db, applicationNumber, current!.state)),
        ...(await storedDocuments(app.db, applicationNumber, current!.state.document)).errors,
      ];
      if (errors.length) throw new ApiError(422, MESSAGES.proposalIncomplete, errors);
      const submittedAt = new Date().toISOString();
      const stage = furtherStage(current!.stage, SUBMITTED_STAGE);
      const saved = await repository.submit(applicationNumber, version, stage, {
        userStage: stage,
        journeyFlag: true,
        applicationSubmitted: true,
        submittedAt,
        document: submittedDocuments(current!.state),
      });
      if (saved === undefined) {
        throw (
          refusal(await repository.find(applicationNumber), version) ??
          new ApiError(409, MESSAGES.staleVersion)
        );
      }
      return { status: '200', version: saved, submittedAt };
    },
  );
}
