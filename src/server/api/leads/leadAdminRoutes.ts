import type { FastifyPluginAsync } from 'fastify';
import { listLeads } from '../../leads/listLeads.ts';
import { LEAD_KINDS, type LeadKind } from '../../leads/recordLead.ts';
import { LISTING_LIMIT, choice, listingResponses, object, text } from '../../lib/specSchema.ts';
import '../../types.ts';
import { APPLICATION_NUMBER } from './leadSchemas.ts';

export const ADMIN_LEADS_PATH = '/buyonlineoauth/admin/leads';

const leadItem = {
  type: 'object',
  required: ['id', 'leadId', 'kind', 'applicationNumber', 'productId', 'mobile', 'payload', 'createdAt'],
  properties: {
    id: { type: 'string' },
    leadId: { type: ['string', 'null'] },
    kind: { type: 'string' },
    applicationNumber: { type: ['string', 'null'] },
    productId: { type: ['string', 'null'] },
    mobile: { type: ['string', 'null'] },
    payload: {},
    createdAt: { type: 'string' },
  },
} as const;

/** Operations' view of the recorded pushes, newest first: confidential (service) clients only. */
export const leadAdminRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { kind?: LeadKind; applicationNumber?: string; limit: number } }>(
    ADMIN_LEADS_PATH,
    {
      config: { auth: 'service' },
      schema: {
        querystring: object({
          kind: choice('Kind', LEAD_KINDS),
          applicationNumber: text('Application Number', { pattern: APPLICATION_NUMBER }),
          limit: LISTING_LIMIT,
        }),
        response: listingResponses(leadItem),
      },
    },
    async (request) => ({
      status: '200',
      items: await listLeads(app.db, {
        kind: request.query.kind,
        applicationNumber: request.query.applicationNumber?.toUpperCase(),
        limit: request.query.limit,
      }),
    }),
  );
};
