/*
 * What an application's payment has reached, read off its `paymentDetails` (spec 02 §3.6):
 * one home for the server's rules (src/server/api/applications/paidApplication.ts) and the
 * proposal page's (src/app/proposal/proposalAccess.ts). The journey's machine says "paid" in
 * its own terms (schemas/common/machine.json NAVIGATE; tests/unit/shared/paymentStage.test.ts
 * holds it to isPaidPayment), and the quote repository in SQL (its integration test refuses a
 * paid or mandate-waiting application's quote).
 */

type Payment = { status?: unknown; basbastatus?: unknown; payLater?: unknown } | undefined | null;

const payment = (details: unknown): Payment =>
  details && typeof details === 'object' ? (details as Payment) : undefined;

/**
 * Paid (the gateway confirmed it) or a Bima-ASBA mandate waiting in the UPI app (the premium
 * is blocked for what was quoted): either way who is covered and by which plan are what the
 * money is for, and the journey's forms no longer change.
 */
export function isPaidPayment(details: unknown): boolean {
  const paid = payment(details);
  return paid?.status === 'success' || (paid?.status === 'pending' && paid.basbastatus === 'initiated');
}

/** The payment stage is reached, which opens the proposal: paid, a mandate, or pay later chosen (spec 01 §2). */
export function opensProposal(details: unknown): boolean {
  return isPaidPayment(details) || payment(details)?.payLater === true;
}

/** The premium has reached us: paid online, or blocked by an approved Bima-ASBA mandate (settled as 'success'). */
export function premiumIsReceived(details: unknown): boolean {
  return payment(details)?.status === 'success';
}
