import type { Queryable } from '../../db/Db.ts';
import type { PayMode } from './paymentPlan.ts';
import type { GatewayStatus } from './payuProtocol.ts';

/**
 * The payments table (migrations 001, 002, 007): one row per payment form handed to the browser
 * (a `txnid`), its status changed only by the gateway's verified answers (see settlePayment).
 * At most one is open per application: 'initiated' or 'pending', and not abandoned.
 */
export type PaymentStatus = 'initiated' | GatewayStatus;

export interface Payment {
  id: string;
  applicationNumber: string;
  productId: string | null;
  txnid: string;
  mihpayid: string | null;
  payMode: PayMode;
  status: PaymentStatus;
  /** '12345.00' */
  amount: string;
  mode: string | null;
  basbaStatus: string | null;
  errorMessage: string | null;
  payload: Record<string, unknown>;
  createdAt: Date;
  settledAt: Date | null;
  /** When we stopped offering it again (its status stays the gateway's), and why. */
  abandonedAt: Date | null;
  abandonReason: string | null;
}

export interface NewPayment {
  applicationNumber: string;
  productId: string;
  txnid: string;
  payMode: PayMode;
  amount: string;
  payload: Record<string, unknown>;
}

export const PAYMENT_COLUMNS = `id::text AS id, application_number, product_id, txnid, mihpayid, pay_mode, status,
  amount::text AS amount, mode, basba_status, error_message, payload, created_at, settled_at, abandoned_at,
  abandon_reason`;

export interface PaymentRow {
  id: string;
  application_number: string;
  product_id: string | null;
  txnid: string;
  mihpayid: string | null;
  pay_mode: string;
  status: string;
  amount: string | number;
  mode: string | null;
  basba_status: string | null;
  error_message: string | null;
  payload: Record<string, unknown> | string;
  created_at: Date | string;
  settled_at: Date | string | null;
  abandoned_at: Date | string | null;
  abandon_reason: string | null;
}

export function toPayment(row: PaymentRow): Payment {
  return {
    id: String(row.id),
    applicationNumber: row.application_number,
    productId: row.product_id,
    txnid: row.txnid,
    mihpayid: row.mihpayid,
    payMode: row.pay_mode as PayMode,
    status: row.status as PaymentStatus,
    amount: Number(row.amount).toFixed(2),
    mode: row.mode,
    basbaStatus: row.basba_status,
    errorMessage: row.error_message,
    payload:
      typeof row.payload === 'string' ? (JSON.parse(row.payload) as Record<string, unknown>) : row.payload,
    createdAt: new Date(row.created_at),
    settledAt: row.settled_at ? new Date(row.settled_at) : null,
    abandonedAt: row.abandoned_at ? new Date(row.abandoned_at) : null,
    abandonReason: row.abandon_reason,
  };
}

/** The statuses of a transaction the gateway has not settled. */
export const OPEN_STATUSES = ['initiated', 'pending'] as const;

/** Open: the gateway has not settled it and we have not abandoned it. */
export function isOpen(payment: Payment): boolean {
  return (OPEN_STATUSES as readonly string[]).includes(payment.status) && !payment.abandonedAt;
}

export interface PaymentRepository {
  /** Records a new payment form as 'initiated'; undefined when the txnid is taken (draw again). */
  insert(payment: NewPayment): Promise<Payment | undefined>;
  findByTxnid(txnid: string): Promise<Payment | undefined>;
  /** Whether the application has a settled (successful) payment. */
  isPaid(applicationNumber: string): Promise<boolean>;
  /** The application's open transaction, if any. */
  findOpen(applicationNumber: string): Promise<Payment | undefined>;
  /** Transactions the gateway has not settled, created between the two times, least recently asked about first. */
  listUnsettled(filter: {
    createdBefore: Date;
    createdAfter: Date;
    checkedBefore: Date;
    limit: number;
  }): Promise<Payment[]>;
  /** Notes that verify_payment was asked about it. */
  markChecked(txnid: string, at: Date): Promise<void>;
  /** Stops offering an open transaction (its status stays); false when it was no longer open. */
  abandon(txnid: string, reason: string, at: Date): Promise<boolean>;
}

export function createPaymentRepository(db: Queryable): PaymentRepository {
  return {
    async insert(payment) {
      const { rows } = await db.query<PaymentRow>(
        `INSERT INTO payments (application_number, product_id, txnid, pay_mode, status, amount, payload)
         VALUES ($1, $2, $3, $4, 'initiated', $5::numeric, $6::jsonb)
         ON CONFLICT (txnid) DO NOTHING
         RETURNING ${PAYMENT_COLUMNS}`,
        [
          payment.applicationNumber,
          payment.productId,
          payment.txnid,
          payment.payMode,
          payment.amount,
          JSON.stringify(payment.payload),
        ],
      );
      return rows[0] ? toPayment(rows[0]) : undefined;
    },
    async findByTxnid(txnid) {
      const { rows } = await db.query<PaymentRow>(
        `SELECT ${PAYMENT_COLUMNS} FROM payments WHERE txnid = $1`,
        [txnid],
      );
      return rows[0] ? toPayment(rows[0]) : undefined;
    },
    async isPaid(applicationNumber) {
      const { rows } = await db.query(
        `SELECT 1 FROM payments WHERE application_number = $1 AND status = 'success' LIMIT 1`,
        [applicationNumber],
      );
      return rows.length > 0;
    },
    async findOpen(applicationNumber) {
      const { rows } = await db.query<PaymentRow>(
        `SELECT ${PAYMENT_COLUMNS} FROM payments
         WHERE application_number = $1 AND status IN ('initiated', 'pending') AND abandoned_at IS NULL
         ORDER BY id DESC LIMIT 1`,
        [applicationNumber],
      );
      return rows[0] ? toPayment(rows[0]) : undefined;
    },
    async listUnsettled({ createdBefore, createdAfter, checkedBefore, limit }) {
      const { rows } = await db.query<PaymentRow>(
        `SELECT ${PAYMENT_COLUMNS} FROM payments
         WHERE status IN ('initiated', 'pending')
           AND created_at <= $1 AND created_at >= $2
           AND (checked_at IS NULL OR checked_at <= $3)
         ORDER BY checked_at NULLS FIRST, created_at
         LIMIT $4`,
        [createdBefore, createdAfter, checkedBefore, limit],
      );
      return rows.map(toPayment);
    },
    async markChecked(txnid, at) {
      await db.query('UPDATE payments SET checked_at = $2 WHERE txnid = $1', [txnid, at]);
    },
    async abandon(txnid, reason, at) {
      const { rows } = await db.query(
        `UPDATE payments SET abandoned_at = $3, abandon_reason = $2, updated_at = now()
         WHERE txnid = $1 AND status IN ('initiated', 'pending') AND abandoned_at IS NULL
         RETURNING 1`,
        [txnid, reason, at],
      );
      return rows.length > 0;
    },
  };
}
