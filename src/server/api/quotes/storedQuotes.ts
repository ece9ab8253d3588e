import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../lib/ApiError.ts';
import { requireCapability } from '../applications/requireCapability.ts';
import type { StoredQuoteResponse } from './priceQuote.ts';
import { QUOTE_MESSAGES } from './quoteMessages.ts';
import type { QuoteRepository, QuoteRow } from './quoteRepository.ts';
import type { QuoteRequest } from './quoteRequest.ts';

export type StoredQuote = QuoteRow<QuoteRequest, StoredQuoteResponse>;

/**
 * A stored quote, for the window that holds the capability of the application it was priced
 * for. No capability: 403, before the database is asked. A quote that does not exist and a
 * quote of another application (or of none) are the same 404, so a number reveals nothing.
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
  return quote as unknown as StoredQuote;
}
