import { readFileSync } from 'node:fs';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { SANDBOX_PAYMENT } from '../../../config.ts';
import { sendPage } from '../htmlPage.ts';
import {
  BASBA_OUTCOMES,
  FORM_FIELDS,
  gatewayAnswer,
  ONLINE_OUTCOMES,
  SandboxRefusal,
  verifiedForm,
  VPA_MESSAGE,
  VPA_PATTERN,
  type BasbaOutcome,
  type OnlineOutcome,
} from './sandboxGateway.ts';
import { basbaPage, errorPage, onlinePage, returnPage, SANDBOX_SCRIPT_PATH } from './sandboxPages.ts';
import { SANDBOX_EMANDATE_PATH } from '../mandateProtocol.ts';
import {
  MANDATE_FIELDS_SCHEMA,
  mandateAnswer,
  MANDATE_OUTCOMES,
  verifiedMandateForm,
  type MandateOutcome,
} from './sandboxMandate.ts';
import { mandatePage } from './sandboxMandatePage.ts';
import { PAYMENT_WEBHOOK_PATH } from '../paymentWebhook.ts';
import {
  findSandboxRecord,
  findSandboxRecords,
  isSettled,
  rememberAnswer,
  rememberForm,
  type SandboxKind,
} from './sandboxStore.ts';
import { verifyAnswer, verifyCallTxnids } from './sandboxVerify.ts';
import { upiAppDonePage, upiAppPage } from './sandboxUpiAppPage.ts';
import type { SandboxAnswer, SandboxForm } from './sandboxGateway.ts';
import { TXNID_PATTERN } from '../initiatePayment.ts';
import '../../../types.ts';

export const SANDBOX_ONLINE_PATH = SANDBOX_PAYMENT.gatewayUrl;
export const SANDBOX_BASBA_PATH = SANDBOX_PAYMENT.basbaGatewayUrl;
const ONLINE_COMPLETE_PATH = `${SANDBOX_ONLINE_PATH}/complete`;
const BASBA_COMPLETE_PATH = `${SANDBOX_BASBA_PATH}/complete`;
const EMANDATE_COMPLETE_PATH = `${SANDBOX_EMANDATE_PATH}/complete`;
/** PayU's postservice.php?form=2 (verify_payment), answered from what the sandbox recorded. */
export const SANDBOX_VERIFY_PATH = new URL(SANDBOX_PAYMENT.verifyUrl, 'http://sandbox').pathname;
/** The "UPI app" where a tester approves or declines a Bima-ASBA mandate left waiting. */
export const SANDBOX_UPI_APP_PATH = `${SANDBOX_BASBA_PATH}/upi-app`;

/** A form a settled transaction's txnid cannot be paid with again, as PayU refuses it. */
const DUPLICATE = 'Duplicate transaction ID: this transaction is already complete';

/** What the sandbox tells the visitor before posting a mandate's answer back. */
const MANDATE_RESULT_WORDS: Record<MandateOutcome, string> = {
  approve: 'Your e-mandate is registered.',
  reject: 'The e-mandate was not registered.',
};

const AUTOSUBMIT_SCRIPT = readFileSync(new URL('./autosubmit.js', import.meta.url), 'utf8');

type Body = Record<string, unknown>;

const FIELD = { type: 'string', maxLength: 2000 } as const;
/** A form post: PayU's request fields, and on the complete steps the tester's choice (and UPI ID). */
const FORM_BODY = {
  type: 'object',
  properties: {
    ...Object.fromEntries(FORM_FIELDS.map((field) => [field, FIELD])),
    ...MANDATE_FIELDS_SCHEMA,
    outcome: FIELD,
    vpa: FIELD,
  },
  additionalProperties: FIELD,
  maxProperties: 100,
} as const;

const PAGE_RESPONSES = {
  200: { description: 'An HTML page (text/html).', type: 'string' },
  '4xx': { description: 'An HTML error page (text/html).', type: 'string' },
} as const;

/**
 * The built-in sandbox gateway (config `payment.sandbox`): PayU's hosted checkout for online
 * payments, a Bima-ASBA UPI mandate page and a renewal e-mandate (e-NACH) page, so the whole payment journey runs with no
 * outside service. Pages are HTML for the visitor's browser; refusals are HTML too.
 */
export const sandboxRoutes: FastifyPluginAsync = async (app) => {
  const config = app.serverConfig.payment;
  const route = {
    config: { auth: 'none' as const },
    attachValidation: true,
    schema: { body: FORM_BODY, response: PAGE_RESPONSES },
  };

  /** Runs a page handler; a refused form is the gateway's error page, 400. */
  const page =
    (handler: (body: Body, reply: FastifyReply) => FastifyReply | Promise<FastifyReply>) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        if (request.validationError) throw new SandboxRefusal('Invalid request');
        return await handler((request.body ?? {}) as Body, reply);
      } catch (error) {
        if (!(error instanceof SandboxRefusal)) throw error;
        request.log.info({ reason: error.message }, 'sandbox gateway refused a payment form');
        return sendPage(reply, 400, errorPage(error.message));
      }
    };

  app.get(
    SANDBOX_SCRIPT_PATH,
    { config: { auth: 'none' }, schema: { response: { 200: { type: 'string' } } } },
    async (_request, reply) =>
      reply
        .header('content-type', 'text/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(AUTOSUBMIT_SCRIPT),
  );

  /** A verified form the sandbox remembers (its first post); refused once its transaction is settled. */
  const accepted = async (body: Body, kind: SandboxKind): Promise<SandboxForm> => {
    const form = verifiedForm(body, config);
    if (isSettled(await rememberForm(app.db, form, kind))) throw new SandboxRefusal(DUPLICATE);
    return form;
  };

  /**
   * Records the answer given, then notifies the merchant server to server, as PayU's webhook
   * does, before the visitor's browser is shown the way back: the merchant learns the result
   * whether or not the browser brings it. Its webhook is this server's (the sandbox is ours).
   */
  const answered = async (answer: SandboxAnswer): Promise<SandboxAnswer> => {
    if (!(await rememberAnswer(app.db, answer.fields.txnid!, answer))) throw new SandboxRefusal(DUPLICATE);
    const notified = await app.inject({
      method: 'POST',
      url: PAYMENT_WEBHOOK_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(answer.fields).toString(),
    });
    app.log.info(
      { txnid: answer.fields.txnid, statusCode: notified.statusCode },
      'sandbox gateway notified the merchant',
    );
    return answer;
  };

  app.post(
    SANDBOX_ONLINE_PATH,
    route,
    page(async (body, reply) =>
      sendPage(reply, 200, onlinePage(await accepted(body, 'online'), ONLINE_COMPLETE_PATH)),
    ),
  );

  app.post(
    SANDBOX_BASBA_PATH,
    route,
    page(async (body, reply) =>
      sendPage(reply, 200, basbaPage(await accepted(body, 'basba'), BASBA_COMPLETE_PATH)),
    ),
  );

  app.post(
    ONLINE_COMPLETE_PATH,
    route,
    page(async (body, reply) => {
      const form = await accepted(body, 'online');
      const outcome = body.outcome as OnlineOutcome;
      if (!ONLINE_OUTCOMES.includes(outcome)) throw new SandboxRefusal('Please choose Success or Failure');
      return sendPage(
        reply,
        200,
        returnPage(await answered(gatewayAnswer(form, { online: outcome }, config))),
      );
    }),
  );

  app.post(
    BASBA_COMPLETE_PATH,
    route,
    page(async (body, reply) => {
      const form = await accepted(body, 'basba');
      const outcome = body.outcome as BasbaOutcome;
      if (!BASBA_OUTCOMES.includes(outcome))
        throw new SandboxRefusal('Please choose how to answer the mandate');
      const vpa = typeof body.vpa === 'string' ? body.vpa.trim() : '';
      if (outcome !== 'decline' && !new RegExp(VPA_PATTERN).test(vpa)) {
        return sendPage(reply, 422, basbaPage(form, BASBA_COMPLETE_PATH, { vpa, error: VPA_MESSAGE }));
      }
      const answer = await answered(gatewayAnswer(form, { basba: outcome, vpa }, config));
      return sendPage(reply, 200, returnPage(answer));
    }),
  );

  app.post<{ Body: Record<string, unknown> }>(
    SANDBOX_VERIFY_PATH,
    {
      config: { auth: 'none' },
      attachValidation: true,
      schema: {
        body: {
          type: 'object',
          properties: { key: FIELD, command: FIELD, var1: { type: 'string', maxLength: 5000 }, hash: FIELD },
          additionalProperties: FIELD,
          maxProperties: 20,
        },
        response: {
          200: {
            description: "PayU's verify_payment answer (JSON): status, msg, transaction_details.",
            type: 'object',
            additionalProperties: true,
          },
        },
      },
    },
    async (request) => {
      if (request.validationError) return { status: 0, msg: 'Invalid request' };
      const txnids = verifyCallTxnids(request.body ?? {}, config);
      if (!Array.isArray(txnids)) return { status: 0, msg: txnids.refusal };
      return verifyAnswer(txnids, await findSandboxRecords(app.db, txnids));
    },
  );

  const TXNID_PARAMS = {
    type: 'object',
    required: ['txnid'],
    properties: { txnid: { type: 'string', pattern: TXNID_PATTERN } },
  } as const;
  const UPI_APP_PAGE = {
    config: { auth: 'none' as const },
    attachValidation: true,
    schema: { params: TXNID_PARAMS, response: PAGE_RESPONSES },
  };
  const UPI_APP_CHOICE = {
    ...UPI_APP_PAGE,
    schema: {
      ...UPI_APP_PAGE.schema,
      body: {
        type: 'object',
        properties: { outcome: FIELD },
        additionalProperties: FIELD,
        maxProperties: 10,
      },
    },
  };

  /** The mandate waiting in the UPI app, or the gateway's error page when there is none. */
  const waitingMandate = async (txnid: string) => {
    const record = await findSandboxRecord(app.db, txnid);
    if (!record || record.kind !== 'basba' || record.status !== 'pending' || !record.answer) {
      throw new SandboxRefusal('No mandate is waiting for approval with this transaction ID');
    }
    return record as typeof record & { answer: Record<string, string> };
  };

  app.get<{ Params: { txnid: string } }>(
    `${SANDBOX_UPI_APP_PATH}/:txnid`,
    UPI_APP_PAGE,
    async (request, reply) =>
      page(async (_body, pageReply) => {
        const record = await waitingMandate(request.params.txnid);
        return sendPage(pageReply, 200, upiAppPage(record.form, `${SANDBOX_UPI_APP_PATH}/${record.txnid}`));
      })(request, reply),
  );

  app.post<{ Params: { txnid: string } }>(
    `${SANDBOX_UPI_APP_PATH}/:txnid`,
    UPI_APP_CHOICE,
    async (request, reply) =>
      page(async (body, pageReply) => {
        const record = await waitingMandate(request.params.txnid);
        const outcome =
          body.outcome === 'approve' ? 'approve' : body.outcome === 'decline' ? 'decline' : undefined;
        if (!outcome) throw new SandboxRefusal('Please choose Approve or Decline');
        const fresh = gatewayAnswer(record.form, { basba: outcome, vpa: record.answer.field3 ?? '' }, config);
        // The gateway's payment id stays the mandate's: approving it later is the same payment.
        const answer = {
          ...fresh,
          fields: { ...fresh.fields, mihpayid: record.answer.mihpayid ?? fresh.fields.mihpayid! },
        };
        await answered(answer);
        return sendPage(pageReply, 200, upiAppDonePage(answer));
      })(request, reply),
  );

  app.post(
    SANDBOX_EMANDATE_PATH,
    route,
    page((body, reply) =>
      sendPage(reply, 200, mandatePage(verifiedMandateForm(body, config), EMANDATE_COMPLETE_PATH)),
    ),
  );

  app.post(
    EMANDATE_COMPLETE_PATH,
    route,
    page((body, reply) => {
      const verified = verifiedMandateForm(body, config);
      const outcome = body.outcome as MandateOutcome;
      if (!MANDATE_OUTCOMES.includes(outcome)) throw new SandboxRefusal('Please choose Approve or Reject');
      const answer = mandateAnswer(verified, outcome, config);
      return sendPage(reply, 200, returnPage(answer, MANDATE_RESULT_WORDS[outcome]));
    }),
  );
};
