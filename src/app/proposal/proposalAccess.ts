import type { ApplicationState } from '../../../engine/state/applicationState.ts';

/*
 * What an application's payment opens (docs/design/proposal.md), as the server decides it
 * (src/server/api/applications/paidApplication.ts): the proposal opens at the payment stage,
 * and once paid or a Bima-ASBA mandate holds, the journey's forms no longer change.
 */

type Payment = { status?: unknown; basbastatus?: unknown; payLater?: unknown } | undefined;

const paymentOf = (state: ApplicationState) => state.paymentDetails as Payment;

/** Paid, or a Bima-ASBA mandate waiting in the UPI app or approved. */
export function isPaid(state: ApplicationState): boolean {
  const payment = paymentOf(state);
  return (
    payment?.status === 'success' || (payment?.status === 'pending' && payment.basbastatus === 'initiated')
  );
}

/** The payment stage is reached: paid, a mandate, or pay later chosen (spec 01 §2 sends pay later to the proposal). */
export function isProposalOpen(state: ApplicationState): boolean {
  return isPaid(state) || paymentOf(state)?.payLater === true;
}

/** The premium has reached us: paid online, or blocked by an approved Bima-ASBA mandate (submission needs it). */
export function premiumReceived(state: ApplicationState): boolean {
  return paymentOf(state)?.status === 'success';
}
