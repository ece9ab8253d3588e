import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/Db.ts';
import type { PayMode } from './paymentPlan.ts';
import { createPaymentRepository, isOpen, type NewPayment, type Payment } from './paymentRepository.ts';
import { requestHash } from './payuProtocol.ts';
import { GatewayUnavailable, type GatewayVerifier } from './gatewayVerifier.ts';
import { settleFromGateway } from './settleFromGateway.ts';
import { SettlementRefusal } from './settlePayment.ts';

/*
 * One open transaction per application (issue 19): a second start while one is open answers
 * that one again — the same txnid and the same signed form — instead of a new charge waiting to
 * happen. Open is 'initiated' or 'pending' and not abandoned. Before answering it again the
 * gateway is asked (verify_payment) what became of it: a success is recorded (the application
 * is paid), a failure closes it (a new one starts). It is abandoned, and a new one starts, when:
 *   - it is 'initiated' and older than the gateway's checkout session (payment.sessionMinutes);
 *   - the buyer switches pay mode (Online ⇄ Bima-ASBA), even from a mandate waiting in the UPI app;
 *   - what it would be signed for now differs (the amount, the holder's name, email or phone).
 * An abandoned transaction stays the gateway's: reconciliation keeps asking about it, and a
 * late success of it is recorded — as a refund due when the application is paid by another.
 */

export type OpenDecision =
  | { kind: 'reuse'; payment: Payment }
  | { kind: 'paid' }
  | { kind: 'start'; abandon?: { txnid: string; reason: string } };

export interface OpenReview {
  db: Db;
  verifier: GatewayVerifier;
  log: FastifyBaseLogger;
  salt: string;
  sessionMinutes: number;
  now: Date;
}

const PAY_MODE_WORDS: Record<PayMode, string> = { Online: 'to pay online', BASBA: 'to pay by Bima-ASBA' };

/** Whether a stored form is the one we would sign now (all but its txnid), under the salt we sign with now. */
function sameForm(stored: Record<string, string>, wanted: Record<string, string>, salt: string): boolean {
  const { txnid: _storedTxnid, hash, ...storedFields } = stored;
  const { txnid: _wantedTxnid, ...wantedFields } = wanted;
  const names = new Set([...Object.keys(storedFields), ...Object.keys(wantedFields)]);
  for (const name of names) if (storedFields[name] !== wantedFields[name]) return false;
  return requestHash(stored, salt) === hash;
}

/** Asks the gateway about the open transaction and records its answer; the payment as recorded after. */
async function askGateway(review: OpenReview, open: Payment): Promise<Payment> {
  try {
    const transaction = (await review.verifier.verify([open.txnid])).get(open.txnid);
    if (transaction) await settleFromGateway(review.db, open, transaction);
  } catch (error) {
    if (!(error instanceof GatewayUnavailable || error instanceof SettlementRefusal)) throw error;
    // Not known now: the open transaction stands as recorded; reconciliation asks again.
    review.log.warn({ txnid: open.txnid, reason: error.message }, 'open payment not verified');
  }
  return (await createPaymentRepository(review.db).findByTxnid(open.txnid)) ?? open;
}

/** What a start of a payment does with the application's open transaction. */
export async function reviewOpenPayment(
  review: OpenReview,
  open: Payment,
  wanted: { payMode: PayMode; form: Record<string, string> },
): Promise<OpenDecision> {
  const payment = await askGateway(review, open);
  if (await createPaymentRepository(review.db).isPaid(payment.applicationNumber)) return { kind: 'paid' };
  if (!isOpen(payment)) return { kind: 'start' };
  const abandon = (reason: string) => ({ kind: 'start' as const, abandon: { txnid: payment.txnid, reason } });
  if (payment.payMode !== wanted.payMode) {
    return abandon(`The buyer chose ${PAY_MODE_WORDS[wanted.payMode]} instead.`);
  }
  const stored = (payment.payload.request ?? {}) as Record<string, string>;
  if (!sameForm(stored, wanted.form, review.salt)) {
    return abandon('What it was signed for (the amount or the holder’s details) has changed.');
  }
  const sessionEnd = payment.createdAt.getTime() + review.sessionMinutes * 60_000;
  if (payment.status === 'initiated' && review.now.getTime() > sessionEnd) {
    return abandon(`The gateway’s checkout session (${review.sessionMinutes} minutes) ran out.`);
  }
  return { kind: 'reuse', payment };
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}

/**
 * Records a new transaction, in one database transaction holding the application's row (the
 * order settlement locks in): the open one being replaced is abandoned, and when another start
 * opened one meanwhile nothing is recorded (undefined: look again). The unique index of open
 * transactions (migration 007) refuses a second one whatever happens.
 */
export async function startTransaction(
  db: Db,
  payment: NewPayment,
  abandon: { txnid: string; reason: string } | undefined,
  now: Date,
): Promise<Payment | undefined> {
  try {
    return await db.transaction(async (tx) => {
      await tx.query('SELECT 1 FROM applications WHERE application_number = $1 FOR UPDATE', [
        payment.applicationNumber,
      ]);
      const payments = createPaymentRepository(tx);
      if (abandon) await payments.abandon(abandon.txnid, abandon.reason, now);
      if (await payments.findOpen(payment.applicationNumber)) return undefined;
      return payments.insert(payment);
    });
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}
