import type { LoadedPlan } from '../../../../engine/plan/types.ts';
import type { Priced } from './priceRequest.ts';
import { quotePlanSectionDetails, type QuoteAnswer } from './quoteAnswer.ts';
import { newQuoteNumber } from './quoteNumbers.ts';
import type { QuoteRepository } from './quoteRepository.ts';
import type { QuoteRequest } from './quoteRequest.ts';
import type { StoredQuoteResponse } from './storedQuotes.ts';

/** Drawing numbers again after this many collisions means something else is wrong. */
const MAX_NUMBER_DRAWS = 5;

/** The request as stored: the common part as declared, the plan's fields as its calculator checked them. */
export function storedRequest(body: QuoteRequest, plan: Record<string, unknown>): QuoteRequest {
  return { ...body, PlanSectionDetails: plan as QuoteRequest['PlanSectionDetails'] };
}

/**
 * The stored response of a priced request under a quote number: the answer sent, what the
 * illustration prints of the plan and the people, and what the calculator priced. Not the
 * illustration's tables: they are priced again from the inputs when a PDF asks for them.
 */
export function storedResponse(
  quoteNumber: string,
  plan: LoadedPlan,
  proposalDate: string,
  { quote, illustration, calculator, request }: Priced,
): StoredQuoteResponse {
  const details = quotePlanSectionDetails(quoteNumber, plan.config.uin, proposalDate, quote);
  const answer: QuoteAnswer = {
    status: '200',
    data: { quoteNumber, quotePlanSectionDetails: details, error: null },
  };
  return { answer, illustration, inputs: { calculator, request } };
}

/** Stores a priced quote under a fresh quote number, drawing again when the number is taken. */
export async function storeQuote(
  repository: QuoteRepository,
  build: (quoteNumber: string) => StoredQuoteResponse,
  fields: {
    applicationNumber: string | null;
    productId: string;
    request: QuoteRequest;
    basisVersion: string;
  },
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
      basisVersion: fields.basisVersion,
    });
    if (stored) return response;
  }
  throw new Error(`no free quote number after ${MAX_NUMBER_DRAWS} draws`);
}
