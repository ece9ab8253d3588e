import type { Queryable } from '../db/Db.ts';

export type OutboxStatus = 'pending' | 'delivered' | 'failed';

export const OUTBOX_STATUSES: readonly OutboxStatus[] = ['pending', 'delivered', 'failed'];

export interface OutboxRow {
  id: string;
  topic: string;
  recordId: string | null;
  payload: unknown;
  status: OutboxStatus;
  /** Deliveries tried so far, including the one under way for a claimed row. */
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  createdAt: string;
  deliveredAt: string | null;
}

const COLUMNS = `id::text AS id, topic, record_id::text AS record_id, payload, status, attempts,
  next_attempt_at, last_error, created_at, delivered_at`;

interface RawRow {
  id: string;
  topic: string;
  record_id: string | null;
  payload: unknown;
  status: OutboxStatus;
  attempts: number;
  next_attempt_at: Date | string;
  last_error: string | null;
  created_at: Date | string;
  delivered_at: Date | string | null;
}

function toRow(raw: RawRow): OutboxRow {
  return {
    id: raw.id,
    topic: raw.topic,
    recordId: raw.record_id,
    payload: raw.payload,
    status: raw.status,
    attempts: Number(raw.attempts),
    nextAttemptAt: new Date(raw.next_attempt_at).toISOString(),
    lastError: raw.last_error,
    createdAt: new Date(raw.created_at).toISOString(),
    deliveredAt: raw.delivered_at === null ? null : new Date(raw.delivered_at).toISOString(),
  };
}

/**
 * Claims up to `limit` due rows for one dispatcher in a single statement: rows another
 * instance is claiming are skipped (`FOR UPDATE SKIP LOCKED`), and each claimed row is
 * leased by pushing its next_attempt_at to `leaseUntil`, so no one else takes it while the
 * webhook call runs, and it comes back by itself if this instance dies. Claiming counts as
 * an attempt; the new attempt count fences the later update against a stale claimer.
 */
export async function claimDue(
  db: Queryable,
  { now, leaseUntil, limit }: { now: Date; leaseUntil: Date; limit: number },
): Promise<OutboxRow[]> {
  const { rows } = await db.query<RawRow>(
    `UPDATE outbox SET attempts = attempts + 1, next_attempt_at = $2
      WHERE id IN (
        SELECT id FROM outbox
         WHERE status = 'pending' AND next_attempt_at <= $1
         ORDER BY next_attempt_at, id
         LIMIT $3
         FOR UPDATE SKIP LOCKED)
      RETURNING ${COLUMNS}`,
    [now.toISOString(), leaseUntil.toISOString(), limit],
  );
  return rows.map(toRow).sort((a, b) => Number(a.id) - Number(b.id));
}

/** Marks a claimed row delivered; false when the claim was lost (another instance re-claimed it). */
export async function markDelivered(db: Queryable, row: OutboxRow, at: Date): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE outbox SET status = 'delivered', delivered_at = $3, last_error = NULL
      WHERE id = $1 AND attempts = $2 AND status = 'pending' RETURNING id`,
    [row.id, row.attempts, at.toISOString()],
  );
  return rows.length === 1;
}

/** Records a failed attempt: retried at `retryAt`, or 'failed' for good when `giveUp`. */
export async function markAttemptFailed(
  db: Queryable,
  row: OutboxRow,
  { error, retryAt, giveUp }: { error: string; retryAt: Date; giveUp: boolean },
): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE outbox SET status = $3, last_error = $4, next_attempt_at = $5
      WHERE id = $1 AND attempts = $2 AND status = 'pending' RETURNING id`,
    [row.id, row.attempts, giveUp ? 'failed' : 'pending', error.slice(0, 1000), retryAt.toISOString()],
  );
  return rows.length === 1;
}

/** The newest rows first, for operations. */
export async function listOutbox(
  db: Queryable,
  { status, topic, limit }: { status?: OutboxStatus; topic?: string; limit: number },
): Promise<OutboxRow[]> {
  const { rows } = await db.query<RawRow>(
    `SELECT ${COLUMNS} FROM outbox
      WHERE ($1::text IS NULL OR status = $1) AND ($2::text IS NULL OR topic = $2)
      ORDER BY id DESC LIMIT $3`,
    [status ?? null, topic ?? null, limit],
  );
  return rows.map(toRow);
}
