import type { Queryable } from '../../db/Db.ts';
import type { Payment } from './paymentRepository.ts';

/**
 * The refunds table (migration 007): one row per capture beyond an application's first
 * success, for operations to give back ('due'), then 'requested', 'refunded' or 'failed'.
 */
export const REFUND_STATES = ['due', 'requested', 'refunded', 'failed'] as const;
export type RefundState = (typeof REFUND_STATES)[number];

export interface Refund {
  id: string;
  applicationNumber: string;
  txnid: string;
  mihpayid: string | null;
  payMode: string;
  /** '12345.00' */
  amount: string;
  /** The successful payment the application keeps. */
  keptTxnid: string;
  reason: string;
  state: RefundState;
  createdAt: string;
  updatedAt: string;
}

const REFUND_COLUMNS = `id::text AS id, application_number, txnid, mihpayid, pay_mode, amount::text AS amount,
  kept_txnid, reason, state, created_at, updated_at`;

interface RefundRow {
  id: string;
  application_number: string;
  txnid: string;
  mihpayid: string | null;
  pay_mode: string;
  amount: string | number;
  kept_txnid: string;
  reason: string;
  state: string;
  created_at: Date | string;
  updated_at: Date | string;
}

function toRefund(row: RefundRow): Refund {
  return {
    id: String(row.id),
    applicationNumber: row.application_number,
    txnid: row.txnid,
    mihpayid: row.mihpayid,
    payMode: row.pay_mode,
    amount: Number(row.amount).toFixed(2),
    keptTxnid: row.kept_txnid,
    reason: row.reason,
    state: row.state as RefundState,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** Why the money goes back, in operations' words. */
function reasonFor(payment: Payment, keptTxnid: string): string {
  const paid = `The application was already paid by transaction ${keptTxnid}`;
  return payment.payMode === 'BASBA'
    ? `${paid}; release this Bima-ASBA mandate's block.`
    : `${paid}; refund this capture.`;
}

/** Records a refund due for an extra capture, once per transaction (a replay finds it recorded). */
export async function recordRefund(tx: Queryable, payment: Payment, keptTxnid: string): Promise<Refund> {
  const inserted = await tx.query<RefundRow>(
    `INSERT INTO refunds (application_number, txnid, mihpayid, pay_mode, amount, kept_txnid, reason)
     VALUES ($1, $2, $3, $4, $5::numeric, $6, $7)
     ON CONFLICT (txnid) DO NOTHING
     RETURNING ${REFUND_COLUMNS}`,
    [
      payment.applicationNumber,
      payment.txnid,
      payment.mihpayid,
      payment.payMode,
      payment.amount,
      keptTxnid,
      reasonFor(payment, keptTxnid),
    ],
  );
  if (inserted.rows[0]) return toRefund(inserted.rows[0]);
  const { rows } = await tx.query<RefundRow>(`SELECT ${REFUND_COLUMNS} FROM refunds WHERE txnid = $1`, [
    payment.txnid,
  ]);
  return toRefund(rows[0]!);
}

/** Operations' listing, newest first. */
export async function listRefunds(
  db: Queryable,
  filter: { state?: RefundState; applicationNumber?: string; limit: number },
): Promise<Refund[]> {
  const { rows } = await db.query<RefundRow>(
    `SELECT ${REFUND_COLUMNS} FROM refunds
     WHERE ($1::text IS NULL OR state = $1) AND ($2::text IS NULL OR application_number = $2)
     ORDER BY created_at DESC, id DESC
     LIMIT $3`,
    [filter.state ?? null, filter.applicationNumber ?? null, filter.limit],
  );
  return rows.map(toRefund);
}
