import type { Db, Queryable } from '../../db/Db.ts';
import { PROPOSAL_STAGES } from '../applications/stages.ts';
import type { PayMode } from './paymentPlan.ts';
import {
  PAYMENT_COLUMNS,
  toPayment,
  type Payment,
  type PaymentRow,
  type PaymentStatus,
} from './paymentRepository.ts';
import type { GatewayStatus } from './payuProtocol.ts';
import { recordRefund, type Refund } from './refundRepository.ts';

/** A verified answer of the gateway about one of our payments (see gatewayResponse). */
export interface GatewayOutcome {
  txnid: string;
  status: GatewayStatus;
  mihpayid: string | null;
  mode: string | null;
  errorMessage: string | null;
  /** Every field the gateway sent (the hash included), kept with the payment. */
  fields: Record<string, string>;
}

export interface Settlement {
  /** The payment as recorded after this answer. */
  payment: Payment;
  /** False for a replay, or an answer that may not change what is recorded (e.g. a failure after a success). */
  changed: boolean;
  /** The application's new version, when its paymentDetails changed. */
  applicationVersion?: number;
  /** A success beyond the application's first: recorded as a refund due, the application keeps the first. */
  refund?: Refund;
}

/** Why a verified answer was still not recorded (the caller answers 400, nothing changed). */
export class SettlementRefusal extends Error {}

/**
 * What an answer does to a payment: a success is final (a txnid settles once); the same
 * status again is a replay; a pending may become success or failure; a failure may still
 * turn out a success (the bank confirmed late) but not pending again. Undefined: no change.
 */
export function nextStatus(current: PaymentStatus, incoming: GatewayStatus): GatewayStatus | undefined {
  if (current === 'success' || current === incoming) return undefined;
  if (current === 'failure' && incoming === 'pending') return undefined;
  return incoming;
}

/** Bima-ASBA's mandate state (spec 02 §3.6): 'initiated' while it waits in the UPI app, 'success' when approved. */
export function basbaStatusOf(payMode: PayMode, status: PaymentStatus): 'initiated' | 'success' | undefined {
  if (payMode !== 'BASBA') return undefined;
  if (status === 'success') return 'success';
  if (status === 'pending') return 'initiated';
  return undefined;
}

/** The application's `paymentDetails` (spec 02 §3.6) for a payment as recorded. */
export function paymentDetailsOf(payment: Payment): Record<string, unknown> {
  const basbastatus = basbaStatusOf(payment.payMode, payment.status);
  return {
    payMode: payment.payMode,
    status: payment.status,
    ...(basbastatus ? { basbastatus } : {}),
    mihpayid: payment.mihpayid,
    txnid: payment.txnid,
    amount: payment.amount,
    mode: payment.mode,
    payLater: false,
    error_Message: payment.errorMessage,
    pageName: 'make-payment',
  };
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}

async function lockedPayment(tx: Queryable, txnid: string): Promise<Payment | undefined> {
  const { rows } = await tx.query<PaymentRow>(
    `SELECT ${PAYMENT_COLUMNS} FROM payments WHERE txnid = $1 FOR UPDATE`,
    [txnid],
  );
  return rows[0] ? toPayment(rows[0]) : undefined;
}

/**
 * Saves the payment into its application, server-side: paymentDetails and userStage
 * 'payment-details' (unless the proposal's stages are already further on), a new version (no browser version is needed: the gateway is the
 * authority). An application already holding another settled payment keeps it.
 */
async function saveIntoApplication(tx: Queryable, payment: Payment): Promise<number | undefined> {
  const { rows } = await tx.query<{ payment_details: Record<string, unknown> | string | null }>(
    `SELECT state->'paymentDetails' AS payment_details FROM applications WHERE application_number = $1 FOR UPDATE`,
    [payment.applicationNumber],
  );
  if (!rows[0]) return undefined;
  const raw = rows[0].payment_details;
  const current = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Record<string, unknown> | null;
  if (current && current.txnid !== payment.txnid) {
    // Another transaction's record stays when it is settled, or when it is still pending (a
    // Bima-ASBA mandate in the UPI app) and this one did not succeed.
    if (current.status === 'success') return undefined;
    if (current.status === 'pending' && payment.status !== 'success') return undefined;
  }
  // A buyer who chose pay later may have gone on with the proposal: its stage stays, and a
  // payment that did not succeed leaves the choice standing (the proposal stays open).
  const stillLater = current?.payLater === true && payment.status !== 'success';
  const patch = {
    paymentDetails: { ...paymentDetailsOf(payment), ...(stillLater ? { payLater: true } : {}) },
  };
  const updated = await tx.query<{ version: number }>(
    `UPDATE applications SET
       state = state || $2::jsonb
         || CASE WHEN stage = ANY($3::text[]) THEN '{}'::jsonb ELSE '{"userStage": "payment-details"}'::jsonb END,
       stage = CASE WHEN stage = ANY($3::text[]) THEN stage ELSE 'payment-details' END,
       version = version + 1, updated_at = now()
     WHERE application_number = $1
     RETURNING version`,
    [payment.applicationNumber, JSON.stringify(patch), PROPOSAL_STAGES],
  );
  return updated.rows[0] ? Number(updated.rows[0].version) : undefined;
}

/**
 * The application's successful payment other than `txnid` that is not itself refunded: the one
 * it keeps. (Under the application's lock there is at most one.)
 */
async function otherSuccess(tx: Queryable, payment: Payment): Promise<string | undefined> {
  const { rows } = await tx.query<{ txnid: string }>(
    `SELECT p.txnid FROM payments p
     WHERE p.application_number = $1 AND p.status = 'success' AND p.txnid <> $2
       AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.txnid = p.txnid)
     ORDER BY p.settled_at, p.id LIMIT 1`,
    [payment.applicationNumber, payment.txnid],
  );
  return rows[0]?.txnid;
}

/**
 * Records a verified gateway answer, idempotently, in one transaction: the application row,
 * then the payment row are locked (SELECT … FOR UPDATE; starting a payment locks in the same
 * order), so of many copies of one answer arriving at once exactly one changes it and its
 * application; the others find it changed and change nothing. A mihpayid already recorded for
 * another payment is refused. A success of an application that another success already paid
 * (the race one open transaction per application cannot close: a late success of an abandoned
 * transaction, a mandate approved after an online payment) stays the gateway's answer on its
 * payment row, and is recorded as a refund due; the application keeps its first payment.
 */
export async function settlePayment(db: Db, outcome: GatewayOutcome): Promise<Settlement> {
  const owner = await db.query<{ application_number: string }>(
    'SELECT application_number FROM payments WHERE txnid = $1',
    [outcome.txnid],
  );
  const applicationNumber = owner.rows[0]?.application_number;
  if (!applicationNumber) throw new SettlementRefusal(`unknown txnid ${outcome.txnid}`);
  try {
    return await db.transaction(async (tx) => {
      await tx.query('SELECT 1 FROM applications WHERE application_number = $1 FOR UPDATE', [
        applicationNumber,
      ]);
      const current = await lockedPayment(tx, outcome.txnid);
      if (!current) throw new SettlementRefusal(`unknown txnid ${outcome.txnid}`);
      const status = nextStatus(current.status, outcome.status);
      if (!status) return { payment: current, changed: false };
      if (outcome.mihpayid) {
        const taken = await tx.query(`SELECT 1 FROM payments WHERE mihpayid = $1 AND txnid <> $2`, [
          outcome.mihpayid,
          outcome.txnid,
        ]);
        if (taken.rows.length) {
          throw new SettlementRefusal(`mihpayid ${outcome.mihpayid} is recorded for another payment`);
        }
      }
      const { rows } = await tx.query<PaymentRow>(
        `UPDATE payments SET
           status = $2,
           mihpayid = COALESCE($3, mihpayid),
           mode = $4,
           basba_status = $5,
           error_message = $6,
           payload = jsonb_set(payload, '{responses}', COALESCE(payload->'responses', '[]'::jsonb) || $7::jsonb),
           settled_at = CASE WHEN $2 = 'success' THEN now() ELSE settled_at END,
           updated_at = now()
         WHERE id = $1::bigint
         RETURNING ${PAYMENT_COLUMNS}`,
        [
          current.id,
          status,
          outcome.mihpayid,
          outcome.mode,
          basbaStatusOf(current.payMode, status) ?? null,
          outcome.errorMessage,
          JSON.stringify([{ receivedAt: new Date().toISOString(), fields: outcome.fields }]),
        ],
      );
      const payment = toPayment(rows[0]!);
      const kept = payment.status === 'success' ? await otherSuccess(tx, payment) : undefined;
      if (kept) return { payment, changed: true, refund: await recordRefund(tx, payment, kept) };
      const applicationVersion = await saveIntoApplication(tx, payment);
      return { payment, changed: true, ...(applicationVersion ? { applicationVersion } : {}) };
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new SettlementRefusal('mihpayid recorded concurrently for another payment');
    throw error;
  }
}
