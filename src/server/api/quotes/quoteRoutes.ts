import type { FastifyPluginAsync } from 'fastify';
import { calculators } from '../../../pricing/calculators.ts';
import { ApiError } from '../../lib/ApiError.ts';
import { ERROR_ANSWER } from '../../lib/specSchema.ts';
import { serverPlans } from '../../plans/serverPlans.ts';
import { APPLICATION_NUMBER_PATTERN } from '../applications/applicationNumbers.ts';
import { requireCapability } from '../applications/requireCapability.ts';
import { MESSAGES } from '../applications/applicationMessages.ts';
import { compilePlanFieldsChecks } from './calculatorInputs.ts';
import { planByUin, rejected } from './priceQuote.ts';
import { createPricingBases } from './pricingBases.ts';
import { pricingFor, type PricingSources } from './pricingSources.ts';
import { priceRequest, type Priced } from './priceRequest.ts';
import { proposalDateOf } from './proposalDateOf.ts';
import type { QuoteAnswer } from './quoteAnswer.ts';
import { QUOTE_ANSWER_SCHEMA } from './quoteAnswerSchema.ts';
import { QUOTE_MESSAGES } from './quoteMessages.ts';
import { QUOTE_NUMBER_PATTERN } from './quoteNumbers.ts';
import { quoteOfKnownApplication } from './quoteOfKnownApplication.ts';
import { quotePricing } from './quotePricing.ts';
import { createQuoteRepository } from './quoteRepository.ts';
import { quoteRequestSchema, type QuoteRequest } from './quoteRequest.ts';
import { storedRequest, storedResponse, storeQuote } from './storeQuote.ts';
import { quoteOfApplication } from './storedQuotes.ts';
import '../../types.ts';

export const QUOTES_PATH = '/proposal_service/v1/quotes';

const RESPONSES = { 200: QUOTE_ANSWER_SCHEMA, '4xx': ERROR_ANSWER } as const;

/**
 * The quote service of spec 02 §7 (`POST /proposal_service/v1/quotes`) and our read of a
 * stored quote. Answers are plain JSON `{status, data: {quoteNumber, quotePlanSectionDetails,
 * error}}`, as the spec's quote service answers (not sealed). A Bearer access token stands in
 * for the quote service's own IdToken: the browser holds no fixed credentials.
 */
export const quoteRoutes: FastifyPluginAsync = async (app) => {
  const repository = createQuoteRepository(app.db);
  // Each calculator's inputSchema is compiled once, here, not per request.
  const checks = compilePlanFieldsChecks(calculators);
  // Every plan's basis version is stored before the first quote names it, so pricing a quote
  // stays one statement. A plan that cannot be priced is left out: its quotes say why.
  const bases = createPricingBases(app.db);
  const priceable: { productId: string; sources: PricingSources }[] = [];
  for (const plan of serverPlans().values()) {
    try {
      if (checks.has(plan.config.calculator)) {
        priceable.push({ productId: plan.config.productId, sources: pricingFor(plan) });
      }
    } catch {
      // quotePricing logs it with the first request that asks for the plan
    }
  }
  await bases.register(priceable);

  app.post<{ Body: QuoteRequest }>(
    QUOTES_PATH,
    { config: { writeLimit: 'quote' }, schema: { body: quoteRequestSchema(), response: RESPONSES } },
    async (request): Promise<QuoteAnswer> => {
      const { body } = request;
      const plan = planByUin(serverPlans().values(), body.PlanSectionDetails.ProductUIN);
      if (!plan) {
        throw rejected([{ field: 'PlanSectionDetails.ProductUIN', message: QUOTE_MESSAGES.productUin }]);
      }
      const pricing = quotePricing(plan, checks, request.log);
      if (body.ApplicationNumber) {
        requireCapability(app, request, body.ApplicationNumber);
        const answer = await quoteOfKnownApplication(
          app,
          repository,
          bases,
          plan,
          pricing,
          body,
          body.ApplicationNumber,
        );
        if (answer) return answer;
      }
      const { proposalDate, applicationNumber } = await proposalDateOf(app, request, plan.config.productId);
      let priced: Priced;
      try {
        priced = priceRequest(plan, pricing, body, proposalDate);
      } catch (error) {
        // A refusal (the visitor's input, the plan's rules) is an answer, not a fault: the
        // visitor hears the reason, whoever runs the server reads it here, at info and without
        // a stack. Anything else is a fault, logged in full by the errors plugin.
        if (error instanceof ApiError && error.statusCode < 500) {
          request.log.info(
            { productId: plan.config.productId, errors: error.errors },
            `quote refused: ${error.message}`,
          );
        }
        throw error;
      }
      // Nothing to write unless the plan's basis changed since this instance stored it.
      await bases.register([{ productId: plan.config.productId, sources: pricing.sources }]);
      const response = await storeQuote(
        repository,
        (quoteNumber) => storedResponse(quoteNumber, plan, proposalDate!, priced),
        {
          applicationNumber,
          productId: plan.config.productId,
          request: storedRequest(body, priced.plan),
          basisVersion: priced.basisVersion,
        },
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
