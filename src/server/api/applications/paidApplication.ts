import { isPaidPayment, opensProposal, premiumIsReceived } from '../../../shared/paymentStage.ts';
import { ApiError } from '../../lib/ApiError.ts';
import { MESSAGES } from './applicationMessages.ts';
import type { Application, ApplicationState } from './applicationRepository.ts';
import { PAID_FIXED_SECTIONS } from './stages.ts';

/** Paid, or a Bima-ASBA mandate waiting in the UPI app (src/shared/paymentStage.ts). */
export function isPaid(application: Pick<Application, 'state'>): boolean {
  return isPaidPayment(application.state.paymentDetails);
}

/**
 * Why a paid application's journey no longer changes, in words true of it: paid, or a
 * Bima-ASBA mandate for it waiting in the UPI app.
 */
export function paidJourneyMessage(application: Pick<Application, 'state'>): string {
  const details = application.state.paymentDetails as { status?: unknown } | undefined;
  return details?.status === 'success' ? MESSAGES.paidJourney : MESSAGES.mandateFixed;
}

/** Whether the application has reached its payment stage, which opens the proposal (src/shared/paymentStage.ts). */
export function proposalOpen(application: Pick<Application, 'state'>): boolean {
  return opensProposal(application.state.paymentDetails);
}

/** Whether the premium has reached us (src/shared/paymentStage.ts). */
export function premiumReceived(application: Pick<Application, 'state'>): boolean {
  return premiumIsReceived(application.state.paymentDetails);
}

/**
 * A value as compared for "unchanged": object keys in order, and keys that hold nothing
 * (undefined, or an empty object such as `insuredPerson: {}`) left out, so a save that
 * sends the stored details back, in any key order, is recognised as the same.
 */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((key) => [key, canonical((value as Record<string, unknown>)[key])] as const)
      .filter(([, item]) => item !== undefined);
    return entries.length ? Object.fromEntries(entries) : undefined;
  }
  return value;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(a) ?? null) === JSON.stringify(canonical(b) ?? null);
}

/**
 * Once paid, who is covered and by which plan are what the premium paid for: a change that
 * would replace the holder or insured (basicDetails) or the plan (planDetails) with anything
 * else is refused, whichever route carries it (409). The same details sent back unchanged
 * are fine, so the proposal's own stages go on saving their sections.
 */
export function paidFixedChange(current: Application, patch: ApplicationState): ApiError | undefined {
  if (!isPaid(current)) return undefined;
  const changed = PAID_FIXED_SECTIONS.filter(
    (section) => patch[section] !== undefined && !same(patch[section], current.state[section]),
  );
  if (!changed.length) return undefined;
  const settled = (current.state.paymentDetails as { status?: unknown } | undefined)?.status === 'success';
  const message = settled ? MESSAGES.paidFixed : MESSAGES.mandateFixed;
  return new ApiError(
    409,
    message,
    changed.map((section) => ({ field: section, message })),
  );
}

/**
 * What a change of a paid application stores: the paid-for sections it carried (found the
 * same by paidFixedChange) are left as stored, so neither their form nor the holder columns move.
 */
export function withoutPaidFixed(current: Application, patch: ApplicationState): ApplicationState {
  if (!isPaid(current)) return patch;
  return Object.fromEntries(Object.entries(patch).filter(([key]) => !PAID_FIXED_SECTIONS.includes(key)));
}
