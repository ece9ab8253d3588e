import { createHash, randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../../db/Db.ts';
import type { ChatMessage } from '../../../shared/chatApi.ts';

/*
 * Conversations and their messages (migration 011). A conversation is named to the visitor by
 * a random 32-byte key and kept here only as the key's SHA-256. A message is added under its
 * conversation's row lock, so within a conversation ids grow in the order messages commit and
 * a poll for messages after the last id seen never skips one.
 */

export interface Conversation {
  id: string;
  applicationNumber: string | null;
  productId: string | null;
  step: string | null;
  startedAt: Date;
  closedAt: Date | null;
}

interface ConversationRow {
  id: string;
  application_number: string | null;
  product_id: string | null;
  step: string | null;
  started_at: Date;
  closed_at: Date | null;
}

interface MessageRow {
  id: string;
  sender: 'visitor' | 'expert';
  text: string;
  created_at: Date;
  staff_name?: string | null;
}

/** What a visitor's message says about where it was written; each given one replaces the last. */
export interface ChatContextFacts {
  applicationNumber?: string | null;
  productId?: string | null;
  step?: string | null;
}

/** A well-formed key: 32 random bytes in base64url. */
const KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const keyHash = (key: string) => createHash('sha256').update(key).digest('hex');

const CONVERSATION_COLUMNS = `id::text AS id, application_number, product_id, step, started_at, closed_at`;

function conversationOf(row: ConversationRow): Conversation {
  return {
    id: row.id,
    applicationNumber: row.application_number,
    productId: row.product_id,
    step: row.step,
    startedAt: new Date(row.started_at),
    closedAt: row.closed_at ? new Date(row.closed_at) : null,
  };
}

export function messageOf(row: MessageRow): ChatMessage & { staffName?: string } {
  return {
    id: row.id,
    from: row.sender,
    text: row.text,
    at: new Date(row.created_at).toISOString(),
    ...(row.staff_name ? { staffName: row.staff_name } : {}),
  };
}

/** The conversation a key names, if the key is well-formed and known. */
export async function conversationByKey(
  db: Queryable,
  key: string | undefined,
  { lock = false } = {},
): Promise<Conversation | undefined> {
  if (!key || !KEY_PATTERN.test(key)) return undefined;
  const { rows } = await db.query<ConversationRow>(
    `SELECT ${CONVERSATION_COLUMNS} FROM chat_conversations WHERE key_hash = $1${lock ? ' FOR UPDATE' : ''}`,
    [keyHash(key)],
  );
  return rows[0] ? conversationOf(rows[0]) : undefined;
}

/** A conversation by its id (the desk's name for it). */
export async function conversationById(
  db: Queryable,
  id: string,
  { lock = false } = {},
): Promise<Conversation | undefined> {
  const { rows } = await db.query<ConversationRow>(
    `SELECT ${CONVERSATION_COLUMNS} FROM chat_conversations WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ? conversationOf(rows[0]) : undefined;
}

/** Starts a conversation; answers it with the key that names it (given to the visitor only). */
async function startConversation(
  tx: Queryable,
  facts: ChatContextFacts,
): Promise<{ conversation: Conversation; key: string }> {
  const key = randomBytes(32).toString('base64url');
  const { rows } = await tx.query<ConversationRow>(
    `INSERT INTO chat_conversations (key_hash, application_number, product_id, step)
     VALUES ($1, $2, $3, $4) RETURNING ${CONVERSATION_COLUMNS}`,
    [keyHash(key), facts.applicationNumber ?? null, facts.productId ?? null, facts.step ?? null],
  );
  return { conversation: conversationOf(rows[0]!), key };
}

/** The messages of a conversation after the given id (all of them after '0'), oldest first. */
export async function messagesOf(
  db: Queryable,
  conversationId: string,
  after = '0',
): Promise<(ChatMessage & { staffName?: string })[]> {
  const { rows } = await db.query<MessageRow>(
    `SELECT m.id::text AS id, m.sender, m.text, m.created_at, s.name AS staff_name
     FROM chat_messages m LEFT JOIN staff s ON s.id = m.staff_id
     WHERE m.conversation_id = $1 AND m.id > $2::bigint ORDER BY m.id`,
    [conversationId, after],
  );
  return rows.map(messageOf);
}

async function insertMessage(
  tx: Queryable,
  conversationId: string,
  sender: 'visitor' | 'expert',
  text: string,
  staffId: string | null,
): Promise<MessageRow> {
  const { rows } = await tx.query<MessageRow>(
    `INSERT INTO chat_messages (conversation_id, sender, staff_id, text) VALUES ($1, $2, $3, $4)
     RETURNING id::text AS id, sender, text, created_at`,
    [conversationId, sender, staffId, text],
  );
  return rows[0]!;
}

export type VisitorMessageOutcome =
  { kind: 'sent'; key: string; conversation: Conversation; messages: ChatMessage[] } | { kind: 'closed' };

/**
 * A visitor's message: into the conversation its key names, or a new one when the key is
 * missing or unknown. The conversation takes the message's context (plan, step; the
 * application only when it has none yet). A closed conversation takes no more messages.
 */
export async function addVisitorMessage(
  db: Db,
  key: string | undefined,
  text: string,
  facts: ChatContextFacts,
): Promise<VisitorMessageOutcome> {
  return db.transaction(async (tx) => {
    const found = await conversationByKey(tx, key, { lock: true });
    if (found?.closedAt) return { kind: 'closed' as const };
    const { conversation, key: conversationKey } = found
      ? { conversation: found, key: key! }
      : await startConversation(tx, facts);
    await insertMessage(tx, conversation.id, 'visitor', text, null);
    await tx.query(
      `UPDATE chat_conversations SET last_message_at = now(),
         application_number = coalesce(application_number, $2),
         product_id = coalesce($3, product_id), step = coalesce($4, step)
       WHERE id = $1`,
      [conversation.id, facts.applicationNumber ?? null, facts.productId ?? null, facts.step ?? null],
    );
    const messages = (await messagesOf(tx, conversation.id)).map(({ id, from, text, at }) => ({
      id,
      from,
      text,
      at,
    }));
    return { kind: 'sent' as const, key: conversationKey, conversation, messages };
  });
}

export type ExpertMessageOutcome =
  { kind: 'sent'; message: ChatMessage & { staffName?: string } } | { kind: 'missing' } | { kind: 'closed' };

/** An expert's answer from the desk; a closed or unknown conversation takes none. */
export async function addExpertMessage(
  db: Db,
  conversationId: string,
  text: string,
  staff: { id: string; name: string },
): Promise<ExpertMessageOutcome> {
  return db.transaction(async (tx) => {
    const conversation = await conversationById(tx, conversationId, { lock: true });
    if (!conversation) return { kind: 'missing' as const };
    if (conversation.closedAt) return { kind: 'closed' as const };
    const row = await insertMessage(tx, conversation.id, 'expert', text, staff.id);
    await tx.query('UPDATE chat_conversations SET last_message_at = now() WHERE id = $1', [conversation.id]);
    return { kind: 'sent' as const, message: messageOf({ ...row, staff_name: staff.name }) };
  });
}

/** Closes a conversation (closing twice keeps the first time and who closed it); undefined if unknown. */
export async function closeConversation(
  db: Queryable,
  conversationId: string,
  staffId: string,
): Promise<Date | undefined> {
  const { rows } = await db.query<{ closed_at: Date }>(
    `UPDATE chat_conversations SET closed_at = coalesce(closed_at, now()), closed_by = coalesce(closed_by, $2)
     WHERE id = $1 RETURNING closed_at`,
    [conversationId, staffId],
  );
  return rows[0] ? new Date(rows[0].closed_at) : undefined;
}
