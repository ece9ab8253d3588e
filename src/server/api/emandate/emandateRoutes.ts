import formbody from '@fastify/formbody';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../lib/ApiError.ts';
import { ERROR_ANSWER, object, sealedAnswer, text } from '../../lib/specSchema.ts';
import { planFor } from '../../plans/serverPlans.ts';
import { APPLICATION_NUMBER_PATTERN } from '../applications/applicationNumbers.ts';
import { MESSAGES } from '../applications/applicationMessages.ts';
import { createApplicationRepository } from '../applications/applicationRepository.ts';
import { requireCapability } from '../applications/requireCapability.ts';
import { ResponseRefusal } from '../payments/gatewayResponse.ts';
import { escapeHtml, htmlPage, sendPage } from '../payments/htmlPage.ts';
import { createQuoteRepository } from '../quotes/quoteRepository.ts';
import { initiateMandate, MANDATE_RESPONSE_PATH, type InitiateMandateRequest } from './initiateMandate.ts';
import { createMandateRepository } from './mandateRepository.ts';
import { assertMatchesMandate, verifyMandateResponse, type MandateResponseBody } from './mandateResponse.ts';
import { MandateSettlementRefusal, settleMandate } from './settleMandate.ts';
import '../../types.ts';

export const EMANDATE_PATH = '/buyonlineoauth/emandate';
export const EMANDATE_INITIATE_PATH = `${EMANDATE_PATH}/initiate`;
export const EMANDATE_STATUS_PATH = `${EMANDATE_PATH}/status`;

const FAILURES = { '4xx': ERROR_ANSWER } as const;
const GATEWAY_FIELD = { type: 'string', maxLength: 2000 } as const;

const RESPONSE_BODY = {
  type: 'object',
  description:
    "The gateway's mandate answer, posted by the visitor's browser (application/x-www-form-urlencoded).",
  properties: Object.fromEntries(
    ['key', 'txnid', 'amount', 'status', 'umrn', 'udf1', 'udf2', 'hash'].map((field) => [
      field,
      GATEWAY_FIELD,
    ]),
  ),
  additionalProperties: GATEWAY_FIELD,
  maxProperties: 200,
} as const;

/** The page a browser gets when the gateway's mandate answer cannot be recorded: plain words, nothing changed. */
function refusalPage(): string {
  return htmlPage(
    'We could not confirm this e-mandate',
    `<p>The answer from your bank could not be verified, so nothing has been recorded against your
application and no mandate is active from it.</p>
<p>Please go back to your application and set up the e-mandate again.</p>
<p><a class="button" href="/">Back to the plans</a></p>`,
  );
}

/** The page under the redirect back to the proposal page, for a client that does not follow it. */
function backToProposalPage(location: string, registered: boolean): string {
  return htmlPage(
    registered ? 'Your e-mandate is registered' : 'Your e-mandate was not registered',
    `<p>Taking you back to your proposal…</p>
<p><a class="button" href="${escapeHtml(location)}">Continue</a></p>`,
  );
}

/**
 * The renewal e-mandate (docs/design/proposal.md, "Bank: IFSC and the e-mandate"): starting
 * one (a signed mandate form for the browser, like a payment's), the gateway's answer
 * (verified, recorded once, eMandateDetails.primary saved, the visitor sent back to the
 * proposal page) and the application's mandate for its window.
 */
export const emandateRoutes: FastifyPluginAsync = async (app) => {
  await app.register(formbody);
  const repositories = {
    applications: createApplicationRepository(app.db),
    quotes: createQuoteRepository(app.db),
    mandates: createMandateRepository(app.db),
  };
  const applicationNumber = text(
    'Application Number',
    { pattern: APPLICATION_NUMBER_PATTERN },
    MESSAGES.unknownApplication,
  );

  app.post<{ Body: InitiateMandateRequest }>(
    EMANDATE_INITIATE_PATH,
    {
      config: { sealResponse: 'response', writeLimit: 'payment' },
      schema: {
        body: object(
          {
            applicationNumber,
            version: {
              type: 'integer',
              title: 'Version',
              minimum: 1,
              errorMessage: 'Please enter valid version.',
            },
            debitDay: {
              type: 'integer',
              title: 'Day of the month to debit',
              minimum: 1,
              maximum: 28,
              errorMessage: 'Please choose a day from 1 to 28',
            },
          },
          ['applicationNumber', 'version'],
        ),
        response: {
          200: sealedAnswer(
            'response',
            "{status: '200', mandateId, action, method: 'POST', fields: {key, txnid, amount, …, si_details, beneficiarydetail, hash}}",
          ),
          ...FAILURES,
        },
      },
    },
    async (request) => initiateMandate(app, request, repositories, request.body),
  );

  app.post<{ Body: MandateResponseBody }>(
    MANDATE_RESPONSE_PATH,
    {
      config: { auth: 'none' },
      attachValidation: true,
      schema: {
        body: RESPONSE_BODY,
        response: {
          303: { description: "To the plan's proposal page, #/ (a small HTML page).", type: 'string' },
          400: { description: 'A small HTML page: the answer was not recorded.', type: 'string' },
        },
      },
    },
    async (request: FastifyRequest<{ Body: MandateResponseBody }>, reply: FastifyReply) => {
      try {
        if (request.validationError) throw new ResponseRefusal(request.validationError.message);
        const verified = verifyMandateResponse(request.body ?? {}, app.serverConfig.payment);
        assertMatchesMandate(
          verified,
          await repositories.mandates.findByMandateId(verified.outcome.mandateId),
        );
        const settlement = await settleMandate(app.db, verified.outcome);
        const { mandate } = settlement;
        request.log.info(
          {
            mandateId: mandate.mandateId,
            status: mandate.status,
            changed: settlement.changed,
            sent: verified.outcome.status,
          },
          'mandate answer recorded',
        );
        // Back to the proposal page's root, the e-mandate step (a failure shows there too).
        const routes = planFor(settlement.productId ?? '')?.config.routes;
        const location = routes ? `${routes.proposalPage}#/` : '/';
        reply.header('location', location);
        return sendPage(reply, 303, backToProposalPage(location, mandate.status === 'success'));
      } catch (error) {
        if (!(error instanceof ResponseRefusal || error instanceof MandateSettlementRefusal)) throw error;
        request.log.warn({ reason: error.message }, 'mandate answer refused');
        return sendPage(reply, 400, refusalPage());
      }
    },
  );

  app.get<{ Querystring: { applicationNumber: string } }>(
    EMANDATE_STATUS_PATH,
    {
      config: { sealResponse: 'response' },
      schema: {
        querystring: object({ applicationNumber }, ['applicationNumber']),
        response: {
          200: sealedAnswer('response', "{status: '200', eMandateDetails: {primary} | null}"),
          ...FAILURES,
        },
      },
    },
    async (request) => {
      const { applicationNumber: number } = request.query;
      requireCapability(app, request, number);
      const application = await repositories.applications.find(number);
      if (!application) throw new ApiError(404, MESSAGES.unknownApplication);
      const details = application.state.eMandateDetails as { primary?: unknown } | undefined;
      return { status: '200', eMandateDetails: details?.primary ? { primary: details.primary } : null };
    },
  );
};
