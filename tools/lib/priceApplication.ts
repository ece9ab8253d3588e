import type { LoadedPlan } from '../../engine/plan/types.ts';
import type { ApplicationState } from '../../engine/state/applicationState.ts';
import { buildQuoteRequest } from '../../src/journey/quote/quoteRequest.ts';
import type { PricedQuote } from '../../src/pricing/calculator.ts';
import { ApiError } from '../../src/server/lib/ApiError.ts';
import { calculatorRequest, priceQuote, requestErrors } from '../../src/server/api/quotes/priceQuote.ts';
import type { QuoteRequest } from '../../src/server/api/quotes/quoteRequest.ts';
import { isoDay } from './fixtureDates.ts';
import type { PlanPricing } from './planPricing.ts';

/** Why a quote request is not priced: the request field and the words of the check that refuses it. */
export interface Refusal {
  field: string;
  message: string;
  /** Who refuses it, in words: 'the quote request is refused:' or 'the T calculator refuses it:'. */
  what: string;
}

/**
 * Prices an application as the quote route does: the quote request the browser builds, the
 * common checks and the calculator's inputSchema, then the calculator with the plan's basis.
 */
export function priceApplication(
  application: ApplicationState,
  plan: LoadedPlan,
  pricing: PlanPricing,
  today: Date,
): { request: QuoteRequest; quote: PricedQuote } | { request: QuoteRequest; refusals: Refusal[] } {
  const { config } = plan;
  const proposalDate = isoDay(today);
  const request = buildQuoteRequest(application, config, proposalDate) as unknown as QuoteRequest;
  const checked = pricing.check(request.PlanSectionDetails);
  const errors = [...requestErrors(request), ...checked.errors];
  if (errors.length) {
    return {
      request,
      refusals: errors.map((e) => ({ ...e, what: 'the quote request is refused:' })),
    };
  }
  try {
    const quote = priceQuote(
      { calculator: pricing.calculator, basis: pricing.basis, tables: { mortality: pricing.mortality } },
      calculatorRequest(request, checked.plan, proposalDate),
    );
    return { request, quote };
  } catch (error) {
    if (error instanceof ApiError) {
      const first = error.errors?.[0];
      return {
        request,
        refusals: [
          {
            field: first?.field ?? 'PlanSectionDetails',
            message: first?.message ?? error.message,
            what: `the ${config.calculator} calculator refuses it:`,
          },
        ],
      };
    }
    return {
      request,
      refusals: [
        {
          field: 'PlanSectionDetails',
          message: (error as Error).message,
          what: `the ${config.calculator} calculator fails:`,
        },
      ],
    };
  }
}
