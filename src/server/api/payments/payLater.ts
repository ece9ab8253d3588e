import type { LoadedPlan } from '../../../../engine/plan/types.ts';
import { ApiError } from '../../lib/ApiError.ts';
import type { FieldError } from '../../lib/httpErrorBody.ts';
import type { Application, ApplicationState } from '../applications/applicationRepository.ts';
import { PAYMENT_MESSAGES } from './paymentMessages.ts';
import { paymentOf } from './paymentPlan.ts';

/**
 * The payment-details stage save from the browser (spec 02 §4.7) records pay later, and
 * nothing else: a payment's result (status success, mihpayid, basbastatus, amount, …) is
 * recorded only from the gateway's verified answer. These are the fields it may carry.
 */
const PAY_LATER_FIELDS = new Set(['payLater', 'status', 'payMode', 'pageName']);

/** Field errors of a browser-sent paymentDetails that is not a pay-later record. */
export function payLaterErrors(plan: LoadedPlan, paymentDetails: unknown): FieldError[] {
  const details = (paymentDetails ?? {}) as Record<string, unknown>;
  const errors: FieldError[] = [];
  const refuse = (field: string, message: string = PAYMENT_MESSAGES.payLaterOnly) =>
    errors.push({ field: `paymentDetails.${field}`, message });
  for (const field of Object.keys(details)) if (!PAY_LATER_FIELDS.has(field)) refuse(field);
  if (details.payLater !== true) refuse('payLater');
  if (details.status !== undefined && details.status !== 'failure') refuse('status');
  if (details.payMode !== undefined && !(paymentOf(plan).modes as unknown[]).includes(details.payMode)) {
    refuse('payMode', PAYMENT_MESSAGES.payMode);
  }
  if (
    details.pageName !== undefined &&
    (typeof details.pageName !== 'string' || details.pageName.length > 50)
  ) {
    refuse('pageName', 'Please enter valid page name.');
  }
  return errors;
}

/** 422 unless the save records pay later; answers the paymentDetails to store (status 'failure'). */
export function payLaterDetails(plan: LoadedPlan, paymentDetails: unknown): ApplicationState {
  const errors = payLaterErrors(plan, paymentDetails);
  if (errors.length) throw new ApiError(422, errors[0]!.message, errors);
  return { ...(paymentDetails as ApplicationState), payLater: true, status: 'failure' };
}

/** A settled payment is never overwritten by a save: 409 'This application is already paid.'. */
export function alreadyPaid(application: Application): ApiError | undefined {
  const details = application.state.paymentDetails as { status?: unknown } | undefined;
  return details?.status === 'success' ? new ApiError(409, PAYMENT_MESSAGES.alreadyPaid) : undefined;
}

/**
 * Pay later neither replaces a settled payment nor a Bima-ASBA mandate waiting in the UPI
 * app (resume would lose it and send the visitor back to pay again): 409 for both.
 */
export function paymentRecorded(application: Application): ApiError | undefined {
  const details = application.state.paymentDetails as { status?: unknown; basbastatus?: unknown } | undefined;
  if (details?.basbastatus === 'initiated' && details.status === 'pending')
    return new ApiError(409, PAYMENT_MESSAGES.mandatePending);
  return alreadyPaid(application);
}
