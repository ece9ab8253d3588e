import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PricedQuote } from '../../../pricing/calculator.ts';
import { ApiError } from '../../lib/ApiError.ts';
import { requireCapability } from '../applications/requireCapability.ts';
import type { IllustrationFacts } from './priceQuote.ts';
import type { QuoteAnswer } from './quoteAnswer.ts';
import { QUOTE_MESSAGES } from './quoteMessages.ts';
import type { QuoteRepository, QuoteRow } from './quoteRepository.ts';
import type { QuoteRequest } from './quoteRequest.ts';

/**
 * The `response` column of a quote: the answer sent, the calculator's whole priced quote
 * (rows, illustration tables, footnotes) and what the illustration prints of the plan and
 * the people. The benefit illustration is drawn from this alone.
 */
export interface StoredQuoteResponse {
  answer: QuoteAnswer;
  quote: PricedQuote;
  illustration: IllustrationFacts;
}

export type StoredQuote = QuoteRow<QuoteRequest, StoredQuoteResponse>;

/** A row written before quotes were stored with the calculator's rows has no `quote`. */
function isCurrent(response: Record<string, unknown>): boolean {
  const quote = response.quote as Partial<PricedQuote> | undefined;
  return !!response.answer && !!response.illustration && Array.isArray(quote?.illustration?.tables);
}

/**
 * A stored quote, for the window that holds the capability of the application it was priced
 * for. No capability: 403, before the database is asked. A quote that does not exist and a
 * quote of another application (or of none) are the same 404, so a number reveals nothing.
 * A quote stored in an older shape is 410: the visitor gets a new quote.
 */
export async function quoteOfApplication(
  app: FastifyInstance,
  repository: QuoteRepository,
  request: FastifyRequest,
  quoteNumber: string,
  applicationNumber: string,
): Promise<StoredQuote> {
  requireCapability(app, request, applicationNumber);
  const quote = await repository.find(quoteNumber);
  if (!quote || quote.applicationNumber !== applicationNumber)
    throw new ApiError(404, QUOTE_MESSAGES.unknownQuote);
  if (!isCurrent(quote.response)) throw new ApiError(410, QUOTE_MESSAGES.staleQuote);
  return quote as unknown as StoredQuote;
}
