import type { FastifyInstance } from 'fastify';
import type { LoadedPlan } from '../../../../engine/plan/types.ts';
import { indiaToday } from '../applications/policyDates.ts';
import type { PricingBases } from './pricingBases.ts';
import { priceRequest, type Priced } from './priceRequest.ts';
import type { QuoteAnswer } from './quoteAnswer.ts';
import { newQuoteNumber } from './quoteNumbers.ts';
import type { QuotePricing } from './quotePricing.ts';
import type { QuoteRepository } from './quoteRepository.ts';
import type { QuoteRequest } from './quoteRequest.ts';
import { storedRequest, storedResponse } from './storeQuote.ts';
import '../../types.ts';

/**
 * The quote of an application whose policy start date this instance knows, in one
 * statement: priced at that date, then stored only if the application is still one a
 * quote may be priced for, at that date (the write checks what proposalDateOf reads).
 * Undefined, with nothing stored, when the date is unknown or anything is otherwise
 * (a field error, a refusal, a number taken): the caller then takes the path that reads
 * the application and answers in the order the visitor should hear.
 */
export async function quoteOfKnownApplication(
  app: FastifyInstance,
  repository: QuoteRepository,
  bases: PricingBases,
  plan: LoadedPlan,
  pricing: QuotePricing,
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
  await bases.register([{ productId: plan.config.productId, sources: pricing.sources }]);
  const quoteNumber = newQuoteNumber();
  const response = storedResponse(quoteNumber, plan, proposalDate, priced);
  const stored = await repository.insertForApplication(
    {
      quoteNumber,
      applicationNumber,
      productId: plan.config.productId,
      request: storedRequest(body, priced.plan) as unknown as Record<string, unknown>,
      response: response as unknown as Record<string, unknown>,
      basisVersion: priced.basisVersion,
    },
    { proposalDate, today: indiaToday(app.serverConfig.now?.()) },
  );
  return stored ? response.answer : undefined;
}
