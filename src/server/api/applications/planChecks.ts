import type { LoadedPlan } from '../../../../engine/plan/types.ts';
import { ApiError } from '../../lib/ApiError.ts';
import type { FieldError } from '../../lib/httpErrorBody.ts';
import { validateAgainstPlan } from '../../plans/serverPlans.ts';
import { MESSAGES } from './applicationMessages.ts';
import type { ApplicationState, Holder } from './applicationRepository.ts';
import { toIsoDate } from './policyDates.ts';

/** Product fields a request may name; each one given must be the plan's. */
export interface ProductFields {
  productId?: string;
  planCode?: string;
  productUIN?: string;
}

function productErrors(plan: LoadedPlan, fields: ProductFields): FieldError[] {
  const { productId, planCode, uin } = plan.config;
  const expected: [keyof ProductFields, string][] = [
    ['productId', productId],
    ['planCode', planCode],
    ['productUIN', uin],
  ];
  return expected
    .filter(([field, value]) => fields[field] !== undefined && fields[field] !== value)
    .map(([field]) => ({ field, message: MESSAGES.notThisProduct }));
}

/**
 * Revalidates what a request would save (a state-shaped patch: basicDetails, planDetails,
 * ...) with the plan's own step schemas, and the product fields it names; 400 with every
 * field error in the spec's words.
 */
export function assertFitsPlan(plan: LoadedPlan, patch: ApplicationState, fields: ProductFields = {}) {
  const errors = [...productErrors(plan, fields), ...validateAgainstPlan(plan, patch)];
  if (errors.length) throw new ApiError(400, MESSAGES.notProcessed, errors);
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** The policyholder columns of basic details (the resume lookups search by them). */
export function holderOf(basicDetails: unknown): Holder | undefined {
  const holder = (basicDetails as { policyHolder?: Record<string, unknown> } | undefined)?.policyHolder;
  if (!holder) return undefined;
  const dateOfBirth = text(holder.dateOfBirth);
  return {
    mobile: text(holder.mobileNumber),
    countryCode: text(holder.countryCode) ?? '91',
    dateOfBirth: dateOfBirth ? toIsoDate(dateOfBirth) : undefined,
    email: text(holder.emailId),
  };
}
