import type { Queryable } from '../db/Db.ts';

export interface OutboxMessage {
  /** What the record is: the lead kind ('crm', 'callback', …); sent as `x-bimaflow-topic`. */
  topic: string;
  /** The id of the row the message announces (leads.id). */
  recordId: string;
  /** The record itself, delivered as is. */
  payload: unknown;
}

/**
 * Writes a message to the transactional outbox. Call it with the transaction that writes
 * the record: the message exists exactly when the record does, and the dispatcher
 * delivers it later, however long the webhook is away.
 */
export async function enqueue(tx: Queryable, message: OutboxMessage): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    'INSERT INTO outbox (topic, record_id, payload) VALUES ($1, $2, $3::jsonb) RETURNING id::text AS id',
    [message.topic, message.recordId, JSON.stringify(message.payload)],
  );
  return rows[0]!.id;
}
