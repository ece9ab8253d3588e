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
import '../../../types.ts';

export const SANDBOX_ONLINE_PATH = SANDBOX_PAYMENT.gatewayUrl;
export const SANDBOX_BASBA_PATH = SANDBOX_PAYMENT.basbaGatewayUrl;
const ONLINE_COMPLETE_PATH = `${SANDBOX_ONLINE_PATH}/complete`;
const BASBA_COMPLETE_PATH = `${SANDBOX_BASBA_PATH}/complete`;
const EMANDATE_COMPLETE_PATH = `${SANDBOX_EMANDATE_PATH}/complete`;

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

  app.post(
    SANDBOX_ONLINE_PATH,
    route,
    page((body, reply) => sendPage(reply, 200, onlinePage(verifiedForm(body, config), ONLINE_COMPLETE_PATH))),
  );

  app.post(
    SANDBOX_BASBA_PATH,
    route,
    page((body, reply) => sendPage(reply, 200, basbaPage(verifiedForm(body, config), BASBA_COMPLETE_PATH))),
  );

  app.post(
    ONLINE_COMPLETE_PATH,
    route,
    page((body, reply) => {
      const form = verifiedForm(body, config);
      const outcome = body.outcome as OnlineOutcome;
      if (!ONLINE_OUTCOMES.includes(outcome)) throw new SandboxRefusal('Please choose Success or Failure');
      return sendPage(reply, 200, returnPage(gatewayAnswer(form, { online: outcome }, config)));
    }),
  );

  app.post(
    BASBA_COMPLETE_PATH,
    route,
    page((body, reply) => {
      const form = verifiedForm(body, config);
      const outcome = body.outcome as BasbaOutcome;
      if (!BASBA_OUTCOMES.includes(outcome))
        throw new SandboxRefusal('Please choose how to answer the mandate');
      const vpa = typeof body.vpa === 'string' ? body.vpa.trim() : '';
      if (outcome !== 'decline' && !new RegExp(VPA_PATTERN).test(vpa)) {
        return sendPage(reply, 422, basbaPage(form, BASBA_COMPLETE_PATH, { vpa, error: VPA_MESSAGE }));
      }
      return sendPage(reply, 200, returnPage(gatewayAnswer(form, { basba: outcome, vpa }, config)));
    }),
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
