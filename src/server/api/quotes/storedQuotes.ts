import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CalculatorRequest, PricedQuote } from '../../../pricing/calculator.ts';
import { ApiError } from '../../lib/ApiError.ts';
import { requireCapability } from '../applications/requireCapability.ts';
import type { IllustrationFacts } from './priceQuote.ts';
import type { QuoteAnswer } from './quoteAnswer.ts';
import { QUOTE_MESSAGES } from './quoteMessages.ts';
import type { QuoteRepository, QuoteRow } from './quoteRepository.ts';
import type { QuoteRequest } from './quoteRequest.ts';

/** What a calculator priced: its name and the request it was given. */
export interface PricedInputs {
  calculator: string;
  request: CalculatorRequest;
}

/**
 * The `response` column of a quote: the answer sent and what the illustration prints of the
 * plan and the people, with what the calculator priced (`inputs`, priced again on the row's
 * basis version when a PDF asks for the illustration). A row written before migration 013
 * holds the calculator's whole priced quote (`quote`) instead.
 */
export interface StoredQuoteResponse {
  answer: QuoteAnswer;
  illustration: IllustrationFacts;
  inputs?: PricedInputs;
  quote?: PricedQuote;
}

export type StoredQuote = QuoteRow<QuoteRequest, StoredQuoteResponse>;

/**
 * Whether a row can give its illustration: its inputs and basis version, or (before 013) its
 * whole priced quote. A row written before quotes were stored with the calculator's rows has neither.
 */
function isCurrent(row: QuoteRow): boolean {
  const response = row.response;
  if (!response.answer || !response.illustration) return false;
  const inputs = response.inputs as Partial<PricedInputs> | undefined;
  if (row.basisVersion && typeof inputs?.calculator === 'string' && inputs.request) return true;
  const quote = response.quote as Partial<PricedQuote> | undefined;
  return Array.isArray(quote?.illustration?.tables);
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
  if (!isCurrent(quote)) throw new ApiError(410, QUOTE_MESSAGES.staleQuote);
  return quote as unknown as StoredQuote;
}
