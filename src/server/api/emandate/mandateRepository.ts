import type { Queryable } from '../../db/Db.ts';

/**
 * The mandates table (migration 006): one row per mandate form handed to the browser,
 * changed only by the gateway's verified answer (see settleMandate).
 */
export type MandateStatus = 'initiated' | 'success' | 'failure';

export interface Mandate {
  id: string;
  applicationNumber: string;
  /** Ours: 'BFM' and 20 hex digits, the gateway's txnid. */
  mandateId: string;
  /** The NPCI's reference, once registered. */
  umrn: string | null;
  status: MandateStatus;
  /** '12345.00': the most one debit may take. */
  maxAmount: string;
  /** The plan's premium frequency ('Yearly', 'Half Yearly', 'Quarterly', 'Monthly'). */
  frequency: string;
  payload: Record<string, unknown>;
  createdAt: Date;
  settledAt: Date | null;
}

export interface NewMandate {
  applicationNumber: string;
  mandateId: string;
  maxAmount: string;
  frequency: string;
  payload: Record<string, unknown>;
}

export const MANDATE_COLUMNS = `id::text AS id, application_number, mandate_id, umrn, status,
  max_amount::text AS max_amount, frequency, payload, created_at, settled_at`;

export interface MandateRow {
  id: string;
  application_number: string;
  mandate_id: string;
  umrn: string | null;
  status: string;
  max_amount: string | number;
  frequency: string;
  payload: Record<string, unknown> | string;
  created_at: Date | string;
  settled_at: Date | string | null;
}

export function toMandate(row: MandateRow): Mandate {
  return {
    id: String(row.id),
    applicationNumber: row.application_number,
    mandateId: row.mandate_id,
    umrn: row.umrn,
    status: row.status as MandateStatus,
    maxAmount: Number(row.max_amount).toFixed(2),
    frequency: row.frequency,
    payload:
      typeof row.payload === 'string' ? (JSON.parse(row.payload) as Record<string, unknown>) : row.payload,
    createdAt: new Date(row.created_at),
    settledAt: row.settled_at ? new Date(row.settled_at) : null,
  };
}

export interface MandateRepository {
  /** Records a new mandate form as 'initiated'; undefined when the mandate id is taken (draw again). */
  insert(mandate: NewMandate): Promise<Mandate | undefined>;
  findByMandateId(mandateId: string): Promise<Mandate | undefined>;
  /** Whether the application has a registered (successful) mandate on this account. */
  isRegistered(applicationNumber: string, account: { accountNumber: string; ifsc: string }): Promise<boolean>;
}

export function createMandateRepository(db: Queryable): MandateRepository {
  return {
    async insert(mandate) {
      const { rows } = await db.query<MandateRow>(
        `INSERT INTO mandates (application_number, mandate_id, status, max_amount, frequency, payload)
         VALUES ($1, $2, 'initiated', $3::numeric, $4, $5::jsonb)
         ON CONFLICT (mandate_id) DO NOTHING
         RETURNING ${MANDATE_COLUMNS}`,
        [
          mandate.applicationNumber,
          mandate.mandateId,
          mandate.maxAmount,
          mandate.frequency,
          JSON.stringify(mandate.payload),
        ],
      );
      return rows[0] ? toMandate(rows[0]) : undefined;
    },
    async findByMandateId(mandateId) {
      const { rows } = await db.query<MandateRow>(
        `SELECT ${MANDATE_COLUMNS} FROM mandates WHERE mandate_id = $1`,
        [mandateId],
      );
      return rows[0] ? toMandate(rows[0]) : undefined;
    },
    async isRegistered(applicationNumber, { accountNumber, ifsc }) {
      const { rows } = await db.query(
        `SELECT 1 FROM mandates
         WHERE application_number = $1 AND status = 'success'
           AND payload->'account'->>'accountNumber' = $2 AND payload->'account'->>'ifsc' = $3
         LIMIT 1`,
        [applicationNumber, accountNumber, ifsc],
      );
      return rows.length > 0;
    },
  };
}
