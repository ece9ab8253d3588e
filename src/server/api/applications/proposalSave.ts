import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../lib/ApiError.ts';
import { planFor } from '../../plans/serverPlans.ts';
import { MESSAGES } from './applicationMessages.ts';
import type { Application, ApplicationRepository, ApplicationState } from './applicationRepository.ts';
import { proposalOpen } from './paidApplication.ts';
import { assertFitsPlan, type ProductFields } from './planChecks.ts';
import { indiaToday } from './policyDates.ts';
import { storedDocuments } from './proposalDocuments.ts';
import { withMandateOfAccount, withPricedPremium, withRegistryBank } from './proposalFacts.ts';
import { stageErrors, withoutInapplicable } from './proposalForms.ts';
import { requireCapability } from './requireCapability.ts';
import { hasExpired } from './resumeRules.ts';
import { furtherStage } from './stages.ts';
import { keepBound } from '../../plans/sectionShape.ts';
import type { LoadedPlan, LoadedStep } from '../../../../engine/plan/types.ts';

/** The proposal steps a stage saves, applicable or not (withoutInapplicable drops the others' places). */
function stageSteps(plan: LoadedPlan, stage: string): LoadedStep[] {
  return Object.values(plan.proposal).filter((step) => step.definition.submit?.stage === stage);
}

/**
 * Fields of a section only the server writes (the e-mandate's outcome, from the sandbox's
 * verified answer): a save keeps the stored ones, whatever the browser sends.
 */
const SERVER_FIELDS: Readonly<Record<string, { place: string[]; fields: readonly string[] }>> = {
  eMandateDetails: {
    place: ['primary'],
    fields: ['status', 'umrn', 'mandateId', 'maxAmount', 'limit', 'frequency', 'errorMessage'],
  },
};

type Json = Record<string, unknown>;

function withServerFields(patch: ApplicationState, current: ApplicationState): ApplicationState {
  const kept: ApplicationState = { ...patch };
  for (const [section, { place, fields }] of Object.entries(SERVER_FIELDS)) {
    if (!patch[section]) continue;
    const read = (root: unknown) =>
      place.reduce<unknown>((node, key) => (node as Json | undefined)?.[key], root);
    const sent = (read(patch[section]) ?? {}) as Json;
    const stored = (read(current[section]) ?? {}) as Json;
    const merged: Json = Object.fromEntries(Object.entries(sent).filter(([key]) => !fields.includes(key)));
    for (const field of fields) if (stored[field] !== undefined) merged[field] = stored[field];
    let node: Json = { ...(patch[section] as Json) };
    kept[section] = node;
    for (const key of place.slice(0, -1)) {
      node[key] = { ...((node[key] as Json | undefined) ?? {}) };
      node = node[key] as Json;
    }
    node[place[place.length - 1]!] = merged;
  }
  return kept;
}

export interface ProposalSaveRequest {
  applicationNumber: string;
  version: number;
  stage: string;
  /** The stage's sections, as the save carries them. */
  patch: ApplicationState;
  product: ProductFields;
}

function refusal(current: Application | undefined, version: number): ApiError | undefined {
  if (!current) return new ApiError(404, MESSAGES.unknownApplication);
  if (current.journeyFlag) return new ApiError(409, MESSAGES.submitted);
  if (hasExpired(current, indiaToday())) return new ApiError(410, MESSAGES.expired);
  if (!proposalOpen(current)) return new ApiError(409, MESSAGES.proposalNotOpen);
  if (current.version !== version) return new ApiError(409, MESSAGES.staleVersion);
  return undefined;
}

/**
 * A proposal stage's save (docs/design/proposal.md): only once the payment stage is reached
 * and until submission; the sections it carries are checked with the proposal step's own
 * schema on the whole application (400 with field errors, nothing stored), stored whole, and
 * the stage recorded only when it is further on than the stored one. Answers the new version.
 */
export async function saveProposalStage(
  app: FastifyInstance,
  repository: ApplicationRepository,
  request: FastifyRequest,
  save: ProposalSaveRequest,
): Promise<number> {
  requireCapability(app, request, save.applicationNumber);
  const current = await repository.find(save.applicationNumber);
  const refused = refusal(current, save.version);
  if (refused) throw refused;
  const plan = planFor(current!.productId);
  if (!plan) throw new ApiError(404, MESSAGES.unknownApplication);
  assertFitsPlan(plan, {}, save.product);
  // Only the places the stage's steps edit, each in its step's shape (issue 19.3).
  const shaped = keepBound(save.patch, stageSteps(plan, save.stage), Object.keys(save.patch));
  const merged = { ...current!.state, ...shaped };
  const sent = withoutInapplicable(plan, save.stage, withServerFields(shaped, current!.state), merged);
  // What the server knows better: the bank of the IFSC, the documents as stored, the mandate's account.
  const bank = await withRegistryBank(sent);
  const documents =
    bank.patch.document === undefined
      ? { document: undefined, errors: [] }
      : await storedDocuments(app.db, save.applicationNumber, bank.patch.document);
  const patch = withMandateOfAccount(
    documents.document === undefined ? bank.patch : { ...bank.patch, document: documents.document },
    current!.state,
  );
  // Checked on the application as the server knows it: the premium is the stored quote's.
  const checked = await withPricedPremium(app.db, save.applicationNumber, { ...current!.state, ...patch });
  const errors = [...stageErrors(plan, save.stage, patch, checked), ...bank.errors, ...documents.errors];
  if (errors.length) throw new ApiError(400, MESSAGES.notProcessed, errors);
  const stage = furtherStage(current!.stage, save.stage);
  const version = await repository.change({
    applicationNumber: save.applicationNumber,
    version: save.version,
    patch: { ...patch, userStage: stage },
    stage,
  });
  if (version !== undefined) return version;
  throw (
    refusal(await repository.find(save.applicationNumber), save.version) ??
    new ApiError(409, MESSAGES.staleVersion)
  );
}
