import type { PaymentOutcome } from '../../plans/proposalContent.ts';

/**
 * What an application's paymentDetails (spec 02 §3.6) come to. BASBA counts by its mandate
 * status (initiated or success), any other mode (Online by default) by status success;
 * an unsettled payment is pay later when the visitor chose it, otherwise not paid.
 */
export function paymentOutcome(payment: Readonly<Record<string, unknown>>): PaymentOutcome {
  if (payment.payMode === 'BASBA') {
    if (payment.basbastatus === 'success') return 'basbaBlocked';
    if (payment.basbastatus === 'initiated') return 'basbaInitiated';
  } else if (payment.status === 'success') {
    return 'paid';
  }
  return payment.payLater === true ? 'payLater' : 'notPaid';
}

/** How an outcome looks: done (a tick), waiting on the visitor or the bank, or money still due. */
export const OUTCOME_TONE: Record<PaymentOutcome, 'done' | 'waiting' | 'due'> = {
  paid: 'done',
  basbaBlocked: 'done',
  basbaInitiated: 'waiting',
  payLater: 'due',
  notPaid: 'due',
};
