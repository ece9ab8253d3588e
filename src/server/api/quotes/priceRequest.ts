import type { LoadedPlan } from '../../../../engine/plan/types.ts';
import type { CalculatorRequest, PricedQuote } from '../../../pricing/calculator.ts';
import {
  calculatorRequest,
  illustrationFacts,
  type IllustrationFacts,
  priceQuote,
  rejected,
  requestErrors,
} from './priceQuote.ts';
import { QUOTE_MESSAGES } from './quoteMessages.ts';
import type { QuotePricing } from './quotePricing.ts';
import type { QuoteRequest } from './quoteRequest.ts';

/**
 * A request priced: its plan fields as checked, what the calculator priced (its name, its
 * request, the basis version), the calculator's quote and what the illustration prints.
 */
export interface Priced {
  plan: Record<string, unknown>;
  calculator: string;
  request: CalculatorRequest;
  basisVersion: string;
  quote: PricedQuote;
  illustration: IllustrationFacts;
}

/**
 * Prices a request at `proposalDate` (undefined: outside the window). Every field error of
 * the request is a 400 at once; then a request outside the plan's rules is the calculator's 400.
 */
export function priceRequest(
  plan: LoadedPlan,
  { sources, check }: QuotePricing,
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
    calculator: sources.calculator.name,
    request,
    basisVersion: sources.version,
    quote,
    illustration: illustrationFacts(plan, sources, body, { request, quote }),
  };
}
