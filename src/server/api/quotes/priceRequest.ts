import type { LoadedPlan } from '../../../../engine/plan/types.ts';
import type { PricedQuote } from '../../../pricing/calculator.ts';
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

/** A request priced: its plan fields as checked, the calculator's quote and what the illustration prints. */
export interface Priced {
  plan: Record<string, unknown>;
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
    quote,
    illustration: illustrationFacts(plan, sources, body, { request, quote }),
  };
}
