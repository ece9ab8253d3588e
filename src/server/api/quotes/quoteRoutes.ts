import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { daysBetween, indiaToday, toIsoDate } from '../applications/policyDates.ts';
import { ApiError } from '../../lib/ApiError.ts';
import { ERROR_ANSWER } from '../../lib/specSchema.ts';
import { applySpecValidation } from '../../lib/specValidation.ts';
import { serverPlans } from '../../plans/serverPlans.ts';
import { APPLICATION_NUMBER_PATTERN } from '../applications/applicationNumbers.ts';
import { createApplicationRepository } from '../applications/applicationRepository.ts';
import { requireCapability } from '../applications/requireCapability.ts';
import { MESSAGES } from '../applications/applicationMessages.ts';
import { resumeRefusal } from '../applications/resumeRules.ts';
import { pricingFor } from './pricingSources.ts';
import { planByUin, priceQuote, PROPOSAL_DATE_WINDOW_DAYS, rejected, requestErrors } from './priceQuote.ts';
import type { StoredQuoteResponse } from './priceQuote.ts';
import { QUOTE_ANSWER_SCHEMA, quotePlanSectionDetails, type QuoteAnswer } from './quoteAnswer.ts';
import { QUOTE_MESSAGES } from './quoteMessages.ts';
import { newQuoteNumber, QUOTE_NUMBER_PATTERN } from './quoteNumbers.ts';
import { createQuoteRepository, type QuoteRepository } from './quoteRepository.ts';
import { quoteRequestSchema, type QuoteRequest } from './quoteRequest.ts';
import { quoteOfApplication } from './storedQuotes.ts';
import '../../types.ts';

export const QUOTES_PATH = '/proposal_service/v1/quotes';

/** Drawing numbers again after this many collisions means something else is wrong. */
const MAX_NUMBER_DRAWS = 5;

const RESPONSES = { 200: QUOTE_ANSWER_SCHEMA, '4xx': ERROR_ANSWER } as const;

/**
 * The date the quote is priced at (ages, GST row). A quote for an application uses its policy
 * start date, whatever the request says; otherwise ProposalStartDate when given, within
 * 30 days of today in India (undefined when it is not), else today.
 */
async function proposalDateOf(
  app: FastifyInstance,
  request: FastifyRequest<{ Body: QuoteRequest }>,
  productId: string,
): Promise<{ proposalDate: string | undefined; applicationNumber: string | null }> {
  const today = indiaToday(app.serverConfig.now?.());
  const applicationNumber = request.body.ApplicationNumber || undefined;
  if (applicationNumber) {
    requireCapability(app, request, applicationNumber);
    const application = await createApplicationRepository(app.db).find(applicationNumber);
    if (!application) throw new ApiError(404, MESSAGES.unknownApplication);
    const refused = resumeRefusal(application, productId, today);
    if (refused) throw refused;
    return { proposalDate: application.policyStartDate ?? today, applicationNumber };
  }
  const sent = request.body.PlanSectionDetails.ProposalStartDate;
  if (!sent) return { proposalDate: today, applicationNumber: null };
  const date = toIsoDate(sent);
  const inWindow = date && Math.abs(daysBetween(today, date)) <= PROPOSAL_DATE_WINDOW_DAYS;
  return { proposalDate: inWindow ? date : undefined, applicationNumber: null };
}

async function storeQuote(
  repository: QuoteRepository,
  build: (quoteNumber: string) => { response: StoredQuoteResponse },
  fields: { applicationNumber: string | null; productId: string; request: QuoteRequest },
): Promise<StoredQuoteResponse> {
  for (let draw = 0; draw < MAX_NUMBER_DRAWS; draw += 1) {
    const quoteNumber = newQuoteNumber();
    const { response } = build(quoteNumber);
    const stored = await repository.insert({
      quoteNumber,
      applicationNumber: fields.applicationNumber,
      productId: fields.productId,
      request: fields.request as unknown as Record<string, unknown>,
      response: response as unknown as Record<string, unknown>,
    });
    if (stored) return response;
  }
  throw new Error(`no free quote number after ${MAX_NUMBER_DRAWS} draws`);
}

/**
 * The quote service of spec 02 §7 (`POST /proposal_service/v1/quotes`) and our read of a
 * stored quote. Answers are plain JSON `{status, data: {quoteNumber, quotePlanSectionDetails,
 * error}}`, as the spec's quote service answers (not sealed). A Bearer access token stands in
 * for the quote service's own IdToken: the browser holds no fixed credentials.
 */
export const quoteRoutes: FastifyPluginAsync = async (app) => {
  applySpecValidation(app);
  const repository = createQuoteRepository(app.db);

  app.post<{ Body: QuoteRequest }>(
    QUOTES_PATH,
    { schema: { body: quoteRequestSchema(), response: RESPONSES } },
    async (request): Promise<QuoteAnswer> => {
      const { body } = request;
      const plan = planByUin(serverPlans().values(), body.PlanSectionDetails.ProductUIN);
      if (!plan) {
        throw rejected([{ field: 'PlanSectionDetails.ProductUIN', message: QUOTE_MESSAGES.productUin }]);
      }
      const { proposalDate, applicationNumber } = await proposalDateOf(app, request, plan.config.productId);
      const errors = requestErrors(body);
      if (!proposalDate) {
        errors.push({
          field: 'PlanSectionDetails.ProposalStartDate',
          message: pricingFor(plan).basis.messages.proposalDate,
        });
      }
      if (errors.length) throw rejected(errors);

      const priced = priceQuote(body, plan, proposalDate!);
      const response = await storeQuote(
        repository,
        (quoteNumber) => {
          const details = quotePlanSectionDetails(
            quoteNumber,
            plan.config.uin,
            priced.result,
            priced.bonuses,
          );
          const answer: QuoteAnswer = {
            status: '200',
            data: { quoteNumber, quotePlanSectionDetails: details, error: null },
          };
          return { response: { answer, result: priced.result, illustration: priced.illustration } };
        },
        { applicationNumber, productId: plan.config.productId, request: body },
      );
      return response.answer;
    },
  );

  app.get<{ Params: { quoteNumber: string }; Querystring: { ApplicationNumber: string } }>(
    `${QUOTES_PATH}/:quoteNumber`,
    {
      schema: {
        params: {
          type: 'object',
          required: ['quoteNumber'],
          properties: {
            quoteNumber: {
              type: 'string',
              pattern: QUOTE_NUMBER_PATTERN,
              errorMessage: QUOTE_MESSAGES.invalidQuoteNumber,
            },
          },
        },
        querystring: {
          type: 'object',
          required: ['ApplicationNumber'],
          properties: {
            ApplicationNumber: {
              type: 'string',
              pattern: APPLICATION_NUMBER_PATTERN,
              errorMessage: MESSAGES.unknownApplication,
            },
          },
        },
        response: RESPONSES,
      },
    },
    async (request) => {
      const quote = await quoteOfApplication(
        app,
        repository,
        request,
        request.params.quoteNumber,
        request.query.ApplicationNumber,
      );
      return quote.response.answer;
    },
  );
};
