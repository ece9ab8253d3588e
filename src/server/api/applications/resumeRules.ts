import { ApiError } from '../../lib/ApiError.ts';
import { MESSAGES } from './applicationMessages.ts';
import type { Application } from './applicationRepository.ts';
import { daysBetween, EXPIRY_DAYS } from './policyDates.ts';

function hasBasicDetails(state: Record<string, unknown>): boolean {
  const basicDetails = state.basicDetails as { policyHolder?: object } | undefined;
  return !!basicDetails?.policyHolder && Object.keys(basicDetails.policyHolder).length > 0;
}

/**
 * The checks of spec 02 §4.2, in its order, on an application the caller has proved they
 * may see: another product's (422), already submitted (409), without basic details
 * (422), more than 30 days after policy start (410). Undefined when it may be resumed.
 */
export function resumeRefusal(application: Application, productId: string, today: string) {
  if (application.productId !== productId) return new ApiError(422, MESSAGES.wrongProduct);
  if (application.journeyFlag) return new ApiError(409, MESSAGES.submitted);
  if (!hasBasicDetails(application.state)) return new ApiError(422, MESSAGES.noBasicDetails);
  if (hasExpired(application, today)) return new ApiError(410, MESSAGES.expired);
  return undefined;
}

/** More than EXPIRY_DAYS after its policy start date: neither resumed nor changed any more. */
export function hasExpired(application: Pick<Application, 'policyStartDate'>, today: string): boolean {
  const start = application.policyStartDate;
  return !!start && daysBetween(start, today) > EXPIRY_DAYS;
}

/** The saved application as the browser merges it back (spec 02 §3.1): the state plus the row's facts. */
export function savedApplication(application: Application) {
  return {
    ...application.state,
    productId: application.productId,
    journeyFlag: application.journeyFlag,
    userStage: (application.state.userStage as string | undefined) ?? application.stage,
    dateofPolicyStart: application.policyStartDate,
    applicationNumber: application.applicationNumber,
    proposalNumber: application.proposalNumber,
  };
}
