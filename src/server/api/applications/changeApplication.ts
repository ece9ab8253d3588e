import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LoadedPlan } from '../../../../engine/plan/types.ts';
import { ApiError } from '../../lib/ApiError.ts';
import { planFor, serverPlans } from '../../plans/serverPlans.ts';
import { MESSAGES } from './applicationMessages.ts';
import type {
  Application,
  ApplicationChange,
  ApplicationRepository,
  ApplicationState,
} from './applicationRepository.ts';
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
   * is never overwritten); checked after submission and expiry, before the version. Only a
   * recorded payment (paymentDetails status 'success' or 'pending') may make it refuse: the
   * usual save is written without reading the application, on the condition that it has none.
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
 *
 * The usual save (the product it names, on the current version of a live, unpaid
 * application, fitting the plan) is one statement: checked against the named plan first,
 * then written with those assumptions as conditions of the UPDATE (changeAssuming). When
 * anything is otherwise, nothing was written and the change takes the path above, which
 * reads the application and refuses in the order the visitor should hear it.
 */
export async function changeApplication(
  app: FastifyInstance,
  repository: ApplicationRepository,
  request: FastifyRequest,
  change: ApplicationChangeRequest,
): Promise<number> {
  requireCapability(app, request, change.applicationNumber);
  const assumed = change.product && namedPlan(change.product);
  const saved = assumed && (await changeAssumingPlan(repository, change, assumed));
  if (saved !== undefined) return saved;

  const current = await repository.find(change.applicationNumber);
  const refused = refusal(current, change);
  if (refused) throw refused;
  const plan = planFor(current!.productId);
  if (!plan) throw new ApiError(404, MESSAGES.unknownApplication);
  const shaped = assertFitsPlan(plan, change.patch, change.product);
  const kept = withoutPaidFixed(current!, shaped);
  const patch = change.finalise ? change.finalise(kept, plan) : kept;

  const version = await repository.change(stored(change, patch));
  if (version !== undefined) return version;
  throw (
    refusal(await repository.find(change.applicationNumber), change) ??
    new ApiError(409, MESSAGES.staleVersion)
  );
}

/** The plan a change names by product id, or by a plan code only one plan has. */
function namedPlan({ productId, planCode }: ProductFields): LoadedPlan | undefined {
  if (productId !== undefined) return planFor(productId);
  if (planCode === undefined) return undefined;
  const plans = [...serverPlans().values()].filter((plan) => plan.config.planCode === planCode);
  return plans.length === 1 ? plans[0] : undefined;
}

/**
 * The change written in one statement, assuming the application is of `plan`, live and
 * unpaid (so nothing is refused and no paid-for section is kept back); undefined, with
 * nothing written, when the patch does not fit that plan or the application is otherwise.
 */
async function changeAssumingPlan(
  repository: ApplicationRepository,
  change: ApplicationChangeRequest,
  plan: LoadedPlan,
): Promise<number | undefined> {
  let patch: ApplicationState;
  try {
    const shaped = assertFitsPlan(plan, change.patch, change.product);
    patch = change.finalise ? change.finalise(shaped, plan) : shaped;
  } catch {
    // Whether this or something about the application is heard first is for the path
    // that reads it, which checks the same again in the order the visitor should hear.
    return undefined;
  }
  return repository.changeAssuming(stored(change, patch), {
    productId: plan.config.productId,
    today: indiaToday(),
  });
}

/** The row change of a checked patch: the stage as userStage, the holder columns from basic details. */
function stored(change: ApplicationChangeRequest, patch: ApplicationState): ApplicationChange {
  return {
    applicationNumber: change.applicationNumber,
    version: change.version,
    patch: change.stage ? { ...patch, userStage: change.stage } : patch,
    stage: change.stage,
    holder: patch.basicDetails ? holderOf(patch.basicDetails) : undefined,
    leadId: change.leadId,
  };
}
