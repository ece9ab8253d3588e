import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LoadedPlan } from '../../../../engine/plan/types.ts';
import { ApiError } from '../../lib/ApiError.ts';
import { planFor } from '../../plans/serverPlans.ts';
import { MESSAGES } from './applicationMessages.ts';
import type { Application, ApplicationRepository, ApplicationState } from './applicationRepository.ts';
import { paidFixedChange, withoutPaidFixed } from './paidApplication.ts';
import { assertFitsPlan, holderOf, type ProductFields } from './planChecks.ts';
import { indiaToday } from './policyDates.ts';
import { requireCapability } from './requireCapability.ts';
import { hasExpired } from './resumeRules.ts';

export interface ApplicationChangeRequest {
  applicationNumber: string;
  version: number;
  /** Top-level state keys to replace. */
  patch: ApplicationState;
  /** The stage this save records as userStage; absent keeps the stage. */
  stage?: string;
  leadId?: string;
  /** Product fields the payload names; each must be the application's. */
  product?: ProductFields;
  /**
   * A refusal particular to this change, given the stored application (e.g. a settled payment
   * is never overwritten); checked after submission and expiry, before the version.
   */
  refuse?: (current: Application) => ApiError | undefined;
  /** Checks the patch further once it fits the plan, and answers the patch to store (e.g. pay later). */
  finalise?: (patch: ApplicationState, plan: LoadedPlan) => ApplicationState;
}

/**
 * Why a change did not apply, in the order the visitor should hear it (expiry as resume
 * applies it). A paid application's holder, insured and plan never change (paidFixedChange).
 */
function refusal(
  current: Application | undefined,
  { version, refuse, patch }: Pick<ApplicationChangeRequest, 'version' | 'refuse' | 'patch'>,
): ApiError | undefined {
  if (!current) return new ApiError(404, MESSAGES.unknownApplication);
  if (current.journeyFlag) return new ApiError(409, MESSAGES.submitted);
  if (hasExpired(current, indiaToday())) return new ApiError(410, MESSAGES.expired);
  const particular = refuse?.(current) ?? paidFixedChange(current, patch);
  if (particular) return particular;
  if (current.version !== version) return new ApiError(409, MESSAGES.staleVersion);
  return undefined;
}

/**
 * Every change of a saved application (stage saves, campaign update): the caller holds
 * the application's capability, the application exists, is neither submitted nor expired
 * (30 days after policy start, as on resume), once paid it keeps its holder, insured and
 * plan (a payment that lands between the read and the write bumps the version, so the
 * write fails and the refusal is heard), the change
 * was made on the stored version, and what it saves fits the plan. The UPDATE itself
 * re-checks version and submission, so of two windows racing only one wins; the loser
 * hears why. Answers the new version once the change is committed.
 */
export async function changeApplication(
  app: FastifyInstance,
  repository: ApplicationRepository,
  request: FastifyRequest,
  change: ApplicationChangeRequest,
): Promise<number> {
  requireCapability(app, request, change.applicationNumber);
  const current = await repository.find(change.applicationNumber);
  const refused = refusal(current, change);
  if (refused) throw refused;
  const plan = planFor(current!.productId);
  if (!plan) throw new ApiError(404, MESSAGES.unknownApplication);
  assertFitsPlan(plan, change.patch, change.product);
  const kept = withoutPaidFixed(current!, change.patch);
  const patch = change.finalise ? change.finalise(kept, plan) : kept;

  const version = await repository.change({
    applicationNumber: change.applicationNumber,
    version: change.version,
    patch: change.stage ? { ...patch, userStage: change.stage } : patch,
    stage: change.stage,
    holder: patch.basicDetails ? holderOf(patch.basicDetails) : undefined,
    leadId: change.leadId,
  });
  if (version !== undefined) return version;
  throw (
    refusal(await repository.find(change.applicationNumber), change) ??
    new ApiError(409, MESSAGES.staleVersion)
  );
}
