import type { ApplicationState } from '../../../engine/state/applicationState.ts';
import { isPaidPayment, opensProposal, premiumIsReceived } from '../../shared/paymentStage.ts';

/*
 * What an application's payment opens (docs/design/proposal.md), by the rules the server
 * keeps (src/shared/paymentStage.ts): the proposal opens at the payment stage, and once paid
 * or a Bima-ASBA mandate holds, the journey's forms no longer change.
 */

/** Paid, or a Bima-ASBA mandate waiting in the UPI app or approved. */
export const isPaid = (state: ApplicationState): boolean => isPaidPayment(state.paymentDetails);

/** The payment stage is reached: paid, a mandate, or pay later chosen (spec 01 §2 sends pay later to the proposal). */
export const isProposalOpen = (state: ApplicationState): boolean => opensProposal(state.paymentDetails);

/** The premium has reached us: paid online, or blocked by an approved Bima-ASBA mandate (submission needs it). */
export const premiumReceived = (state: ApplicationState): boolean => premiumIsReceived(state.paymentDetails);
