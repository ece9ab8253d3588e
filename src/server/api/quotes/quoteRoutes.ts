import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { LoadedPlan } from '../../../../engine/plan/types.ts';
import type { PricedQuote } from '../../../pricing/calculator.ts';
import { calculators } from '../../../pricing/calculators.ts';
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
import { compilePlanFieldsChecks, type PlanFieldsCheck } from './calculatorInputs.ts';
import { pricingFor, type PricingSources } from './pricingSources.ts';
import {
  calculatorRequest,
  illustrationFacts,
  type IllustrationFacts,
  planByUin,
  priceQuote,
  rejected,
  requestErrors,
} from './priceQuote.ts';
import { quotePlanSectionDetails, type QuoteAnswer } from './quoteAnswer.ts';
import { QUOTE_ANSWER_SCHEMA } from './quoteAnswerSchema.ts';
import { QUOTE_MESSAGES } from './quoteMessages.ts';
import { newQuoteNumber, QUOTE_NUMBER_PATTERN } from './quoteNumbers.ts';
import { createQuoteRepository, type QuoteRepository } from './quoteRepository.ts';
import { quoteRequestSchema, type QuoteRequest } from './quoteRequest.ts';
import { quoteOfApplication, type StoredQuoteResponse } from './storedQuotes.ts';
import '../../types.ts';

export const QUOTES_PATH = '/proposal_service/v1/quotes';

/** A visitor's request is priced only this many days either side of today. */
export const PROPOSAL_DATE_WINDOW_DAYS = 30;

/** Drawing numbers again after this many collisions means something else is wrong. */
const MAX_NUMBER_DRAWS = 5;

const RESPONSES = { 200: QUOTE_ANSWER_SCHEMA, '4xx': ERROR_ANSWER } as const;

/**
 * The date the quote is priced at (ages, GST row). A quote for an application uses its policy
 * start date, whatever the request says; otherwise ProposalStartDate when given, within
 * 30 days of today in India (undefined when it is not), else today. Reading the application
 * never changes it: a quote is stored beside the application, whose plan only a stage save
 * changes.
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
    app.policyStartDates.remember(applicationNumber, application.policyStartDate);
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

/**
 * The plan's pricing sources and its compiled field check; 400 'Failed to calculate quote
 * details.' without. The visitor hears only that; the reason (a basis that is another plan's,
 * a calculator with no input check) is logged with the request, for whoever runs the server.
 */
function pricingOf(
  plan: LoadedPlan,
  checks: Map<string, PlanFieldsCheck>,
  log: FastifyBaseLogger,
): { sources: PricingSources; check: PlanFieldsCheck } {
  const { calculator, productId } = plan.config;
  const check = checks.get(calculator);
  let sources: PricingSources | undefined;
  try {
    sources = check ? pricingFor(plan) : undefined;
  } catch (error) {
    log.error({ err: error, productId, calculator }, `quote refused: plan ${productId} cannot be priced`);
    sources = undefined;
  }
  if (!check) {
    log.error(
      { productId, calculator },
      `quote refused: plan ${productId} names no calculator with an input check`,
    );
  }
  if (!check || !sources) {
    throw rejected([{ field: 'PlanSectionDetails.ProductUIN', message: QUOTE_MESSAGES.failed }]);
  }
  return { sources, check };
}

/** The request as stored: the common part as declared, the plan's fields as its calculator checked them. */
function storedRequest(body: QuoteRequest, plan: Record<string, unknown>): QuoteRequest {
  return { ...body, PlanSectionDetails: plan as QuoteRequest['PlanSectionDetails'] };
}

/** A request priced: its plan fields as checked, the calculator's quote and what the illustration prints. */
interface Priced {
  plan: Record<string, unknown>;
  quote: PricedQuote;
  illustration: IllustrationFacts;
}

/**
 * Prices a request at `proposalDate` (undefined: outside the window). Every field error of
 * the request is a 400 at once; then a request outside the plan's rules is the calculator's 400.
 */
function priceRequest(
  plan: LoadedPlan,
  { sources, check }: { sources: PricingSources; check: PlanFieldsCheck },
  body: QuoteRequest,
  proposalDate: string | undefined,
): Priced {
  const checked = check(body.PlanSectionDetails);
  const errors = [...requestErrors(body), ...checked.errors];
  if (!proposalDate) {
    errors.push({ field: 'PlanSectionDetails.ProposalStartDate', message: QUOTE_MESSAGES.proposalDate });
  }
  if (errors.length) throw rejected(errors);
  const request = calculatorRequest(body, checked.plan, proposalDate!);
  const quote = priceQuote(sources, request);
  return {
    plan: checked.plan,
    quote,
    illustration: illustrationFacts(plan, sources, body, { request, quote }),
  };
}

/** The stored response of a priced request under a quote number: the answer sent and what the PDF prints. */
function storedResponse(
  quoteNumber: string,
  plan: LoadedPlan,
  proposalDate: string,
  { quote, illustration }: Priced,
): StoredQuoteResponse {
  const details = quotePlanSectionDetails(quoteNumber, plan.config.uin, proposalDate, quote);
  const answer: QuoteAnswer = {
    status: '200',
    data: { quoteNumber, quotePlanSectionDetails: details, error: null },
  };
  return { answer, quote, illustration };
}

async function storeQuote(
  repository: QuoteRepository,
  build: (quoteNumber: string) => StoredQuoteResponse,
  fields: { applicationNumber: string | null; productId: string; request: QuoteRequest },
): Promise<StoredQuoteResponse> {
  for (let draw = 0; draw < MAX_NUMBER_DRAWS; draw += 1) {
    const quoteNumber = newQuoteNumber();
    const response = build(quoteNumber);
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
 * The quote of an application whose policy start date this instance knows, in one
 * statement: priced at that date, then stored only if the application is still one a
 * quote may be priced for, at that date (the write checks what proposalDateOf reads).
 * Undefined, with nothing stored, when the date is unknown or anything is otherwise
 * (a field error, a refusal, a number taken): the caller then takes the path that reads
 * the application and answers in the order the visitor should hear.
 */
async function quoteOfKnownApplication(
  app: FastifyInstance,
  repository: QuoteRepository,
  plan: LoadedPlan,
  pricing: { sources: PricingSources; check: PlanFieldsCheck },
  body: QuoteRequest,
  applicationNumber: string,
): Promise<QuoteAnswer | undefined> {
  const proposalDate = app.policyStartDates.get(applicationNumber);
  if (!proposalDate) return undefined;
  let priced: Priced;
  try {
    priced = priceRequest(plan, pricing, body, proposalDate);
  } catch {
    return undefined;
  }
  const quoteNumber = newQuoteNumber();
  const response = storedResponse(quoteNumber, plan, proposalDate, priced);
  const stored = await repository.insertForApplication(
    {
      quoteNumber,
      applicationNumber,
      productId: plan.config.productId,
      request: storedRequest(body, priced.plan) as unknown as Record<string, unknown>,
      response: response as unknown as Record<string, unknown>,
    },
    { proposalDate, today: indiaToday(app.serverConfig.now?.()) },
  );
  return stored ? response.answer : undefined;
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
  // Each calculator's inputSchema is compiled once, here, not per request.
  const checks = compilePlanFieldsChecks(calculators);

  app.post<{ Body: QuoteRequest }>(
    QUOTES_PATH,
    { schema: { body: quoteRequestSchema(), response: RESPONSES } },
    async (request): Promise<QuoteAnswer> => {
      const { body } = request;
      const plan = planByUin(serverPlans().values(), body.PlanSectionDetails.ProductUIN);
      if (!plan) {
        throw rejected([{ field: 'PlanSectionDetails.ProductUIN', message: QUOTE_MESSAGES.productUin }]);
      }
      const pricing = pricingOf(plan, checks, request.log);
      if (body.ApplicationNumber) {
        requireCapability(app, request, body.ApplicationNumber);
        const answer = await quoteOfKnownApplication(
          app,
          repository,
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
        // The visitor hears the reason in the answer; whoever runs the server reads it here.
        request.log.warn(
          { err: error, productId: plan.config.productId },
          `quote refused: ${(error as Error).message}`,
        );
        throw error;
      }
      const response = await storeQuote(
        repository,
        (quoteNumber) => storedResponse(quoteNumber, plan, proposalDate!, priced),
        {
          applicationNumber,
          productId: plan.config.productId,
          request: storedRequest(body, priced.plan),
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
