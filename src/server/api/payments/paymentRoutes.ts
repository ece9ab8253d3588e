import formbody from '@fastify/formbody';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../lib/ApiError.ts';
import { httpErrorBody } from '../../lib/httpErrorBody.ts';
import { choice, ERROR_ANSWER, object, sealedAnswer, text } from '../../lib/specSchema.ts';
import { planFor } from '../../plans/serverPlans.ts';
import { APPLICATION_NUMBER_PATTERN } from '../applications/applicationNumbers.ts';
import { MESSAGES } from '../applications/applicationMessages.ts';
import { createApplicationRepository } from '../applications/applicationRepository.ts';
import { hasCapability } from '../applications/requireCapability.ts';
import { createQuoteRepository } from '../quotes/quoteRepository.ts';
import {
  assertMatchesPayment,
  ResponseRefusal,
  verifyGatewayResponse,
  type GatewayResponseBody,
} from './gatewayResponse.ts';
import { htmlPage, sendPage } from './htmlPage.ts';
import {
  initiatePayment,
  PAYMENT_RESPONSE_PATH,
  TXNID_PATTERN,
  type InitiateRequest,
} from './initiatePayment.ts';
import { PAYMENT_MESSAGES } from './paymentMessages.ts';
import { journeyPages, PAY_MODES } from './paymentPlan.ts';
import { createPaymentRepository, type Payment } from './paymentRepository.ts';
import { basbaStatusOf, settlePayment, SettlementRefusal } from './settlePayment.ts';
import { createGatewayVerifier } from './gatewayVerifier.ts';
import { paymentReconciler } from './paymentReconciler.ts';
import { PAYMENT_WEBHOOK_PATH, receiveNotification } from './paymentWebhook.ts';
import { refundAdminRoutes } from './refundAdminRoutes.ts';
import { sandboxRoutes } from './sandbox/sandboxRoutes.ts';
import '../../types.ts';

export const PAYMENTS_PATH = '/buyonlineoauth/payments';
export const INITIATE_PATH = `${PAYMENTS_PATH}/initiate`;

const FAILURES = { '4xx': ERROR_ANSWER } as const;

/** A gateway field: text of reasonable size (PayU's longest are addresses and messages). */
const GATEWAY_FIELD = { type: 'string', maxLength: 2000 } as const;

/** PayU's answer fields we read; others it sends (field1–9, bankcode, cardnum, …) are kept as they come. */
const RESPONSE_FIELDS = [
  'mihpayid',
  'mode',
  'status',
  'unmappedstatus',
  'key',
  'txnid',
  'amount',
  'additional_charges',
  'productinfo',
  'firstname',
  'email',
  'phone',
  'udf1',
  'udf2',
  'udf3',
  'udf4',
  'udf5',
  'error',
  'error_Message',
  'bank_ref_num',
  'field9',
  'hash',
] as const;

const RESPONSE_BODY = {
  type: 'object',
  description: "PayU's answer, posted by the visitor's browser (application/x-www-form-urlencoded).",
  properties: Object.fromEntries(RESPONSE_FIELDS.map((field) => [field, GATEWAY_FIELD])),
  additionalProperties: GATEWAY_FIELD,
  maxProperties: 200,
} as const;

/** The page a browser gets when the gateway's answer cannot be recorded: plain words, nothing changed. */
function refusalPage(): string {
  return htmlPage(
    'We could not confirm this payment',
    `<p>The answer from the payment gateway could not be verified, so nothing has been recorded
against your application.</p>
<p>If money was taken from your account, it will be matched to your application or refunded.
Please go back to your application and check its payment, or try again.</p>
<p><a class="button" href="/">Back to the plans</a></p>`,
  );
}

/** The payment as its status answer shows it. */
function paymentView(payment: Payment) {
  return {
    txnid: payment.txnid,
    payMode: payment.payMode,
    status: payment.status,
    mihpayid: payment.mihpayid,
    amount: payment.amount,
    error_Message: payment.errorMessage,
    basbastatus: basbaStatusOf(payment.payMode, payment.status) ?? null,
    mode: payment.mode,
  };
}

/**
 * The payments bounded context (issue 5, issue 19): starting a payment (a signed PayU form for
 * the browser; one open transaction per application), the gateway's answer (verified, recorded
 * once, redirecting the visitor), the gateway's server-to-server notification (confirmed with
 * verify_payment), the status of one payment, operations' refunds listing, reconciliation of
 * unsettled transactions and, when configured, the built-in sandbox gateway.
 */
export const paymentRoutes: FastifyPluginAsync = async (app) => {
  await app.register(formbody);
  const verifier = createGatewayVerifier(app);
  const repositories = {
    applications: createApplicationRepository(app.db),
    quotes: createQuoteRepository(app.db),
    payments: createPaymentRepository(app.db),
    verifier,
  };

  app.post<{ Body: InitiateRequest }>(
    INITIATE_PATH,
    {
      config: { sealResponse: 'response', writeLimit: 'payment' },
      schema: {
        body: object(
          {
            applicationNumber: text(
              'Application Number',
              { pattern: APPLICATION_NUMBER_PATTERN },
              MESSAGES.unknownApplication,
            ),
            payMode: choice('Pay mode', PAY_MODES, PAYMENT_MESSAGES.payMode),
            termsAccepted: { type: 'boolean' },
            termsVersion: { type: 'string', maxLength: 64 },
          },
          ['applicationNumber', 'payMode'],
        ),
        response: {
          200: sealedAnswer(
            'response',
            "{status: '200', txnid, action, method: 'POST', fields: {key, txnid, amount, …, hash}}",
          ),
          ...FAILURES,
        },
      },
    },
    async (request) => initiatePayment(app, request, repositories, request.body),
  );

  app.post<{ Body: GatewayResponseBody }>(
    PAYMENT_RESPONSE_PATH,
    {
      config: { auth: 'none' },
      attachValidation: true,
      schema: {
        body: RESPONSE_BODY,
        response: {
          303: {
            description: 'To the proposal page (#/payment-success) or back to make-payment?txnid=.',
            type: 'null',
          },
          400: { description: 'A small HTML page: the answer was not recorded.', type: 'string' },
        },
      },
    },
    async (request: FastifyRequest<{ Body: GatewayResponseBody }>, reply: FastifyReply) => {
      try {
        if (request.validationError) throw new ResponseRefusal(request.validationError.message);
        const verified = verifyGatewayResponse(request.body ?? {}, app.serverConfig.payment);
        assertMatchesPayment(verified, await repositories.payments.findByTxnid(verified.txnid));
        const settlement = await settlePayment(app.db, verified.outcome);
        const { payment } = settlement;
        request.log.info(
          {
            txnid: payment.txnid,
            status: payment.status,
            changed: settlement.changed,
            sent: verified.status,
          },
          'payment answer recorded',
        );
        if (settlement.refund) {
          request.log.warn(
            { txnid: payment.txnid, applicationNumber: payment.applicationNumber },
            'a second capture of a paid application is recorded as a refund due',
          );
        }
        const pages = journeyPages(planFor(payment.productId ?? ''));
        const succeeded =
          payment.status === 'success' || (payment.payMode === 'BASBA' && payment.status === 'pending');
        return reply.redirect(succeeded ? pages.paymentSuccess : pages.makePayment(payment.txnid), 303);
      } catch (error) {
        if (!(error instanceof ResponseRefusal || error instanceof SettlementRefusal)) throw error;
        request.log.warn({ reason: error.message }, 'payment answer refused');
        return sendPage(reply, 400, refusalPage());
      }
    },
  );

  app.get<{ Params: { txnid: string } }>(
    `${PAYMENTS_PATH}/:txnid`,
    {
      config: { sealResponse: 'response' },
      schema: {
        params: {
          type: 'object',
          required: ['txnid'],
          properties: {
            txnid: { type: 'string', pattern: TXNID_PATTERN, errorMessage: PAYMENT_MESSAGES.invalidTxnid },
          },
        },
        response: {
          200: sealedAnswer('response', "{status: '200', payment, paymentDetails, userStage}"),
          ...FAILURES,
        },
      },
    },
    async (request) => {
      const payment = await repositories.payments.findByTxnid(request.params.txnid);
      // Unknown, and another application's (no capability for it), are one and the same 404.
      if (!payment || !hasCapability(app, request, payment.applicationNumber)) {
        throw new ApiError(404, PAYMENT_MESSAGES.unknownPayment);
      }
      const application = await repositories.applications.find(payment.applicationNumber);
      const state = application?.state ?? {};
      return {
        status: '200',
        payment: paymentView(payment),
        paymentDetails: state.paymentDetails ?? null,
        userStage: (state.userStage as string | undefined) ?? application?.stage ?? null,
      };
    },
  );

  app.post<{ Body: GatewayResponseBody }>(
    PAYMENT_WEBHOOK_PATH,
    {
      config: { auth: 'none' },
      attachValidation: true,
      schema: {
        body: RESPONSE_BODY,
        response: {
          200: {
            type: 'object',
            required: ['status', 'txnid', 'paymentStatus', 'recorded', 'refundDue'],
            properties: {
              status: { type: 'string' },
              txnid: { type: 'string' },
              paymentStatus: { type: 'string' },
              recorded: { type: 'boolean' },
              refundDue: { type: 'boolean' },
            },
          },
          ...FAILURES,
          503: ERROR_ANSWER,
        },
      },
    },
    async (request, reply) => {
      if (request.validationError) throw new ApiError(400, PAYMENT_MESSAGES.notificationUnreadable);
      try {
        return await receiveNotification(
          { db: app.db, payments: repositories.payments, verifier, config: app.serverConfig.payment },
          request.body ?? {},
          request.log,
        );
      } catch (error) {
        // The gateway could not confirm it: the sender tries again (reconciliation will too).
        if (!(error instanceof ApiError) || error.statusCode !== 503) throw error;
        return reply.code(503).header('retry-after', '60').send(httpErrorBody(503, error.message));
      }
    },
  );

  await app.register(refundAdminRoutes);
  await app.register(paymentReconciler, { verifier });
  if (app.serverConfig.payment.sandbox) await app.register(sandboxRoutes);
};
