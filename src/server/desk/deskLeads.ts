import type { FastifyPluginAsync } from 'fastify';
import { ERROR_ANSWER, LISTING_LIMIT, object } from '../lib/specSchema.ts';
import { OUTBOX_STATUSES, type OutboxStatus } from '../outbox/outboxStore.ts';
import { planFor } from '../plans/serverPlans.ts';
import { DESK_API, requireStaff } from './deskAuth.ts';

/*
 * The desk's leads and outbox (issue 20): the newest leads (lead creations, CRM and
 * call-centre pushes, stage reports, call-backs) each with the delivery state of its outbox
 * message — delivered once the webhook took it, failed once the dispatcher gave up on it,
 * pending until then — and the outbox as counts by state and topic. Read only: the
 * dispatcher alone changes delivery. No mobile, e-mail or payload is shown here.
 */
export const DESK_LEADS = `${DESK_API}/leads`;
export const DESK_OUTBOX = `${DESK_API}/outbox`;

interface LeadRow {
  id: string;
  kind: string;
  lead_id: string | null;
  product_id: string | null;
  application_number: string | null;
  created_at: Date | string;
  messages: number;
  delivered: number;
  failed: number;
  attempts: number;
  last_error: string | null;
  delivered_at: Date | string | null;
}

/**
 * A lead's delivery from its outbox rows (one per lead as the server writes them): failed when
 * any was given up on, delivered when every one was, else pending (no row yet counts as pending).
 */
function deliveryState(row: LeadRow): OutboxStatus {
  if (row.failed > 0) return 'failed';
  if (row.messages > 0 && row.delivered === row.messages) return 'delivered';
  return 'pending';
}

const LEAD_ITEM = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    kind: { type: 'string' },
    leadId: { type: ['string', 'null'] },
    productId: { type: ['string', 'null'] },
    planName: { type: ['string', 'null'] },
    applicationNumber: { type: ['string', 'null'] },
    createdAt: { type: 'string' },
    delivery: {
      type: 'object',
      properties: {
        state: { type: 'string', enum: [...OUTBOX_STATUSES] },
        attempts: { type: 'integer' },
        lastError: { type: ['string', 'null'] },
        deliveredAt: { type: ['string', 'null'] },
      },
    },
  },
} as const;

const COUNTS = {
  pending: { type: 'integer' },
  delivered: { type: 'integer' },
  failed: { type: 'integer' },
} as const;

export const deskLeads: FastifyPluginAsync = async (app) => {
  const staffOnly = requireStaff(app);

  app.get<{ Querystring: { limit: number } }>(
    DESK_LEADS,
    {
      config: { auth: 'none' },
      preHandler: staffOnly,
      schema: {
        querystring: object({ limit: LISTING_LIMIT }),
        response: {
          200: { type: 'object', properties: { items: { type: 'array', items: LEAD_ITEM } } },
          '4xx': ERROR_ANSWER,
        },
      },
    },
    async (request) => {
      // A lead's outbox message is the row of its kind's topic naming it (consents and resume
      // links have topics of their own, whose record ids may be the same numbers).
      const { rows } = await app.db.query<LeadRow>(
        `SELECT l.id::text AS id, l.kind, l.lead_id, l.product_id, l.application_number, l.created_at,
                o.messages, o.delivered, o.failed, o.attempts, o.last_error, o.delivered_at
           FROM leads l
           CROSS JOIN LATERAL (
             SELECT count(*)::int AS messages,
                    count(*) FILTER (WHERE status = 'delivered')::int AS delivered,
                    count(*) FILTER (WHERE status = 'failed')::int AS failed,
                    coalesce(sum(attempts), 0)::int AS attempts,
                    (array_agg(last_error ORDER BY id DESC) FILTER (WHERE last_error IS NOT NULL))[1] AS last_error,
                    max(delivered_at) AS delivered_at
               FROM outbox WHERE outbox.topic = l.kind AND outbox.record_id = l.id) o
          ORDER BY l.id DESC
          LIMIT $1`,
        [request.query.limit],
      );
      return {
        items: rows.map((row) => {
          const state = deliveryState(row);
          return {
            id: row.id,
            kind: row.kind,
            leadId: row.lead_id,
            productId: row.product_id,
            planName: row.product_id ? (planFor(row.product_id)?.config.productName ?? null) : null,
            applicationNumber: row.application_number,
            createdAt: new Date(row.created_at).toISOString(),
            delivery: {
              state,
              attempts: row.attempts,
              lastError: state === 'delivered' ? null : row.last_error,
              deliveredAt:
                state === 'delivered' && row.delivered_at ? new Date(row.delivered_at).toISOString() : null,
            },
          };
        }),
      };
    },
  );

  app.get(
    DESK_OUTBOX,
    {
      config: { auth: 'none' },
      preHandler: staffOnly,
      schema: {
        response: {
          200: {
            type: 'object',
            properties: {
              counts: { type: 'object', properties: COUNTS },
              byTopic: {
                type: 'array',
                items: { type: 'object', properties: { topic: { type: 'string' }, ...COUNTS } },
              },
            },
          },
          '4xx': ERROR_ANSWER,
        },
      },
    },
    async () => {
      const { rows } = await app.db.query<{
        topic: string;
        pending: number;
        delivered: number;
        failed: number;
      }>(
        `SELECT topic,
                count(*) FILTER (WHERE status = 'pending')::int AS pending,
                count(*) FILTER (WHERE status = 'delivered')::int AS delivered,
                count(*) FILTER (WHERE status = 'failed')::int AS failed
           FROM outbox GROUP BY topic ORDER BY topic`,
      );
      const counts = { pending: 0, delivered: 0, failed: 0 };
      for (const row of rows) {
        counts.pending += row.pending;
        counts.delivered += row.delivered;
        counts.failed += row.failed;
      }
      return { counts, byTopic: rows };
    },
  );
};
