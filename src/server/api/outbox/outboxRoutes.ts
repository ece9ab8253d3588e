import type { FastifyPluginAsync } from 'fastify';
import { LISTING_LIMIT, choice, listingResponses, object, optionalText } from '../../lib/specSchema.ts';
import { listOutbox, OUTBOX_STATUSES, type OutboxStatus } from '../../outbox/outboxStore.ts';
import '../../types.ts';

export const ADMIN_OUTBOX_PATH = '/buyonlineoauth/admin/outbox';

const outboxItem = {
  type: 'object',
  required: [
    'id',
    'topic',
    'recordId',
    'status',
    'attempts',
    'nextAttemptAt',
    'lastError',
    'createdAt',
    'deliveredAt',
  ],
  properties: {
    id: { type: 'string' },
    topic: { type: 'string' },
    recordId: { type: ['string', 'null'] },
    payload: {},
    status: { type: 'string' },
    attempts: { type: 'integer' },
    nextAttemptAt: { type: 'string' },
    lastError: { type: ['string', 'null'] },
    createdAt: { type: 'string' },
    deliveredAt: { type: ['string', 'null'] },
  },
} as const;

/**
 * Operations' view of the outbox, newest first: what is pending, delivered or failed, with
 * attempts and the last error. Confidential (service) clients only.
 */
export const outboxRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { status?: OutboxStatus; topic?: string; limit: number } }>(
    ADMIN_OUTBOX_PATH,
    {
      config: { auth: 'service' },
      schema: {
        querystring: object({
          status: choice('Status', OUTBOX_STATUSES),
          topic: optionalText('Topic', { maxLength: 30 }),
          limit: LISTING_LIMIT,
        }),
        response: listingResponses(outboxItem),
      },
    },
    async (request) => ({
      status: '200',
      items: await listOutbox(app.db, {
        status: request.query.status,
        topic: request.query.topic || undefined,
        limit: request.query.limit,
      }),
    }),
  );
};
