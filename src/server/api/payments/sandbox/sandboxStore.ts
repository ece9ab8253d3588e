import type { Queryable } from '../../../db/Db.ts';
import type { GatewayStatus } from '../payuProtocol.ts';
import type { SandboxAnswer, SandboxForm } from './sandboxGateway.ts';

/*
 * The sandbox gateway's memory (table payu_sandbox_transactions, migration 007), as PayU keeps
 * its own: each transaction posted to it, 'in progress' until the tester chooses, then the
 * signed answer it gave. verify_payment answers from it; a Bima-ASBA mandate left 'pending' can
 * be approved later "in the UPI app". The merchant side never reads this table.
 */

export type SandboxKind = 'online' | 'basba';
export type SandboxStatus = 'in progress' | GatewayStatus;

export interface SandboxRecord {
  txnid: string;
  kind: SandboxKind;
  status: SandboxStatus;
  form: SandboxForm;
  /** The signed answer fields, once the tester chose. */
  answer: Record<string, string> | null;
  createdAt: Date;
}

interface Row {
  txnid: string;
  kind: string;
  status: string;
  form: SandboxForm | string;
  answer: Record<string, string> | string | null;
  created_at: Date | string;
}

const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

function toRecord(row: Row): SandboxRecord {
  return {
    txnid: row.txnid,
    kind: row.kind as SandboxKind,
    status: row.status as SandboxStatus,
    form: json(row.form),
    answer: row.answer === null ? null : json(row.answer),
    createdAt: new Date(row.created_at),
  };
}

const COLUMNS = 'txnid, kind, status, form, answer, created_at';

/** A transaction is settled at the gateway once it succeeded or failed: its txnid cannot be paid again. */
export function isSettled(record: SandboxRecord): boolean {
  return record.status === 'success' || record.status === 'failure';
}

/** Remembers a form posted to the sandbox (the first post of a txnid); answers the record as it stands. */
export async function rememberForm(
  db: Queryable,
  form: SandboxForm,
  kind: SandboxKind,
): Promise<SandboxRecord> {
  await db.query(
    `INSERT INTO payu_sandbox_transactions (txnid, kind, status, form) VALUES ($1, $2, 'in progress', $3::jsonb)
     ON CONFLICT (txnid) DO NOTHING`,
    [form.txnid, kind, JSON.stringify(form)],
  );
  return (await findSandboxRecord(db, form.txnid))!;
}

/** Records the answer given, unless the transaction was settled meanwhile (false). */
export async function rememberAnswer(db: Queryable, txnid: string, answer: SandboxAnswer): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE payu_sandbox_transactions SET status = $2, answer = $3::jsonb, updated_at = now()
     WHERE txnid = $1 AND status IN ('in progress', 'pending')
     RETURNING 1`,
    [txnid, answer.status, JSON.stringify(answer.fields)],
  );
  return rows.length > 0;
}

export async function findSandboxRecord(db: Queryable, txnid: string): Promise<SandboxRecord | undefined> {
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM payu_sandbox_transactions WHERE txnid = $1`, [
    txnid,
  ]);
  return rows[0] ? toRecord(rows[0]) : undefined;
}

export async function findSandboxRecords(
  db: Queryable,
  txnids: readonly string[],
): Promise<Map<string, SandboxRecord>> {
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM payu_sandbox_transactions WHERE txnid = ANY($1::text[])`,
    [txnids],
  );
  return new Map(rows.map((row) => [row.txnid, toRecord(row)]));
}
