import type { FastifyPluginAsync } from 'fastify';
import { checkedText, messageText } from '../api/chat/chatSchemas.ts';
import { CHAT_WORDS } from '../../shared/chatApi.ts';
import { addExpertMessage, closeConversation, conversationById, messagesOf } from '../api/chat/chatStore.ts';
import { ApiError } from '../lib/ApiError.ts';
import { choice, ERROR_ANSWER, object, text, type JsonSchema } from '../lib/specSchema.ts';
import { planFor } from '../plans/serverPlans.ts';
import { DESK_API, requireStaff } from './deskAuth.ts';

/*
 * The desk's chats (issue 20): open conversations newest activity first, each saying whether
 * the visitor waits for an answer (the last message is theirs), with the plan, the step the
 * visitor is on and the application; a conversation's messages, each expert's answer with the
 * name of who wrote it; answering, and closing a conversation. Only a desk session opens them;
 * what the log keeps is the conversation's and the staff member's ids, never a message.
 */
export const DESK_CHATS = `${DESK_API}/chats`;

const NOT_FOUND = 'This chat is not on the desk.';
const CLOSED = 'This chat is closed.';
/** How many conversations a listing shows at most. */
const LISTING_LIMIT = 200;

const CHAT_ID = object({ id: text('Chat', { pattern: '^[0-9]{1,18}$' }, NOT_FOUND) }, ['id']);

const nullableText = { type: ['string', 'null'] } as const;

const DESK_MESSAGE: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    from: { type: 'string', enum: ['visitor', 'expert'] },
    text: { type: 'string' },
    at: { type: 'string' },
    staffName: { type: 'string' },
  },
};

const CONTEXT = {
  id: { type: 'string' },
  productId: nullableText,
  planName: nullableText,
  step: nullableText,
  applicationNumber: nullableText,
  startedAt: { type: 'string' },
} as const;

const LISTED = {
  type: 'object',
  properties: {
    ...CONTEXT,
    lastMessageAt: { type: 'string' },
    lastFrom: { type: 'string', enum: ['visitor', 'expert'] },
    waiting: { type: 'boolean' },
    messageCount: { type: 'integer' },
  },
} as const;

interface ListedRow {
  id: string;
  product_id: string | null;
  step: string | null;
  application_number: string | null;
  started_at: Date;
  last_message_at: Date;
  last_from: 'visitor' | 'expert';
  message_count: number;
}

const planName = (productId: string | null) =>
  productId ? (planFor(productId)?.config.productName ?? null) : null;

export const deskChats: FastifyPluginAsync = async (app) => {
  const staffOnly = requireStaff(app);

  app.get<{ Querystring: { state: 'open' | 'closed' } }>(
    DESK_CHATS,
    {
      config: { auth: 'none' },
      preHandler: staffOnly,
      schema: {
        querystring: object({ state: { ...choice('State', ['open', 'closed']), default: 'open' } }),
        response: {
          200: { type: 'object', properties: { items: { type: 'array', items: LISTED } } },
          '4xx': ERROR_ANSWER,
        },
      },
    },
    async (request) => {
      const { rows } = await app.db.query<ListedRow>(
        `SELECT c.id::text AS id, c.product_id, c.step, c.application_number, c.started_at, c.last_message_at,
                last.sender AS last_from, counted.n AS message_count
         FROM chat_conversations c
         JOIN LATERAL (
           SELECT sender FROM chat_messages WHERE conversation_id = c.id ORDER BY id DESC LIMIT 1
         ) last ON true
         JOIN LATERAL (SELECT count(*)::int AS n FROM chat_messages WHERE conversation_id = c.id) counted ON true
         WHERE (c.closed_at IS NULL) = $1
         ORDER BY c.last_message_at DESC, c.id DESC
         LIMIT ${LISTING_LIMIT}`,
        [request.query.state !== 'closed'],
      );
      return {
        items: rows.map((row) => ({
          id: row.id,
          productId: row.product_id,
          planName: planName(row.product_id),
          step: row.step,
          applicationNumber: row.application_number,
          startedAt: new Date(row.started_at).toISOString(),
          lastMessageAt: new Date(row.last_message_at).toISOString(),
          lastFrom: row.last_from,
          waiting: row.last_from === 'visitor',
          messageCount: row.message_count,
        })),
      };
    },
  );

  app.get<{ Params: { id: string } }>(
    `${DESK_CHATS}/:id`,
    {
      config: { auth: 'none' },
      preHandler: staffOnly,
      schema: {
        params: CHAT_ID,
        response: {
          200: {
            type: 'object',
            properties: {
              ...CONTEXT,
              closedAt: nullableText,
              messages: { type: 'array', items: DESK_MESSAGE },
            },
          },
          '4xx': ERROR_ANSWER,
        },
      },
    },
    async (request) => {
      const conversation = await conversationById(app.db, request.params.id);
      if (!conversation) throw new ApiError(404, NOT_FOUND);
      return {
        id: conversation.id,
        productId: conversation.productId,
        planName: planName(conversation.productId),
        step: conversation.step,
        applicationNumber: conversation.applicationNumber,
        startedAt: conversation.startedAt.toISOString(),
        closedAt: conversation.closedAt?.toISOString() ?? null,
        messages: await messagesOf(app.db, conversation.id),
      };
    },
  );

  app.post<{ Params: { id: string }; Body: { text: string } }>(
    `${DESK_CHATS}/:id/messages`,
    {
      config: { auth: 'none' },
      preHandler: staffOnly,
      schema: {
        params: CHAT_ID,
        body: object({ text: messageText() }, ['text'], { text: CHAT_WORDS.empty }),
        response: { 200: DESK_MESSAGE, '4xx': ERROR_ANSWER },
      },
    },
    async (request) => {
      const text = checkedText(request.body.text);
      const outcome = await addExpertMessage(app.db, request.params.id, text, request.staff!);
      if (outcome.kind === 'missing') throw new ApiError(404, NOT_FOUND);
      if (outcome.kind === 'closed') throw new ApiError(409, CLOSED);
      request.log.info({ conversation: request.params.id, staff: request.staff!.id }, 'chat answered');
      return outcome.message;
    },
  );

  app.post<{ Params: { id: string } }>(
    `${DESK_CHATS}/:id/close`,
    {
      config: { auth: 'none' },
      preHandler: staffOnly,
      schema: {
        params: CHAT_ID,
        response: { 200: object({ closedAt: text('Closed at', {}) }, ['closedAt']), '4xx': ERROR_ANSWER },
      },
    },
    async (request) => {
      const closedAt = await closeConversation(app.db, request.params.id, request.staff!.id);
      if (!closedAt) throw new ApiError(404, NOT_FOUND);
      request.log.info({ conversation: request.params.id, staff: request.staff!.id }, 'chat closed');
      return { closedAt: closedAt.toISOString() };
    },
  );
};
