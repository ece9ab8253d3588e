import type { FastifyPluginAsync } from 'fastify';
import { LISTING_LIMIT, choice, listingResponses, object, text } from '../../lib/specSchema.ts';
import { APPLICATION_NUMBER_PATTERN } from '../applications/applicationNumbers.ts';
import { PAYMENT_MESSAGES } from './paymentMessages.ts';
import { listRefunds, REFUND_STATES, type RefundState } from './refundRepository.ts';
import '../../types.ts';

export const ADMIN_REFUNDS_PATH = '/buyonlineoauth/admin/refunds';

const refundItem = {
  type: 'object',
  required: [
    'id',
    'applicationNumber',
    'txnid',
    'mihpayid',
    'payMode',
    'amount',
    'keptTxnid',
    'reason',
    'state',
    'createdAt',
    'updatedAt',
  ],
  properties: {
    id: { type: 'string' },
    applicationNumber: { type: 'string' },
    txnid: { type: 'string' },
    mihpayid: { type: ['string', 'null'] },
    payMode: { type: 'string' },
    amount: { type: 'string' },
    keptTxnid: { type: 'string' },
    reason: { type: 'string' },
    state: { type: 'string' },
    createdAt: { type: 'string' },
    updatedAt: { type: 'string' },
  },
} as const;

/**
 * Operations' view of the refunds due (captures beyond an application's first success), newest
 * first, by state and application. Confidential (service) clients only.
 */
export const refundAdminRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { state?: RefundState; applicationNumber?: string; limit: number } }>(
    ADMIN_REFUNDS_PATH,
    {
      config: { auth: 'service' },
      schema: {
        querystring: object({
          state: choice('State', REFUND_STATES, PAYMENT_MESSAGES.invalidRefundState),
          applicationNumber: text('Application Number', { pattern: APPLICATION_NUMBER_PATTERN }),
          limit: LISTING_LIMIT,
        }),
        response: listingResponses(refundItem),
      },
    },
    async (request) => ({
      status: '200',
      items: await listRefunds(app.db, {
        state: request.query.state,
        applicationNumber: request.query.applicationNumber,
        limit: request.query.limit,
      }),
    }),
  );
};
