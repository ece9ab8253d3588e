import type { FastifyBaseLogger } from 'fastify';
import type { PricedQuote } from '../../../pricing/calculator.ts';
import { calculatorFor } from '../../../pricing/calculators.ts';
import { ApiError } from '../../lib/ApiError.ts';
import { LruCache } from '../../lib/LruCache.ts';
import { canonicalJson } from './canonicalJson.ts';
import type { PricingBases } from './pricingBases.ts';
import { pricingSourcesOf, type PricingSources } from './pricingSources.ts';
import { quotePlanSectionDetails } from './quoteAnswer.ts';
import { QUOTE_MESSAGES } from './quoteMessages.ts';
import type { StoredQuote } from './storedQuotes.ts';

/** Quotes whose illustration was priced again lately, kept so a second download prices nothing. */
export const ILLUSTRATED_QUOTES_KEPT = 200;
/** Basis versions read lately: few are in use at once (one a plan, more after a change of rates). */
const BASES_KEPT = 64;

export interface IllustratedQuotes {
  /**
   * The calculator's whole priced quote of a stored quote, for its benefit illustration: a
   * row of before migration 013 holds it; any other is priced again from its stored inputs on
   * the basis version it names (never the plan's current basis), and given out only when every
   * figure of its answer is the stored answer's. Otherwise 410, and nothing is drawn.
   */
  of(quote: StoredQuote, log: FastifyBaseLogger): Promise<PricedQuote>;
}

export function createIllustratedQuotes(
  bases: PricingBases,
  capacity = ILLUSTRATED_QUOTES_KEPT,
): IllustratedQuotes {
  const quotes = new LruCache<string, PricedQuote>(capacity);
  const sources = new LruCache<string, Promise<PricingSources | undefined>>(BASES_KEPT);

  const sourcesOf = (version: string) => {
    let found = sources.get(version);
    if (!found) {
      found = bases.find(version).then((document) => {
        if (!document) return undefined;
        const read = pricingSourcesOf(calculatorFor(document.calculator), document.basis, document.tables);
        return read.version === version ? read : undefined;
      });
      // A failed read is not kept: the next download asks again.
      found.catch(() => sources.delete(version));
      sources.set(version, found);
    }
    return found;
  };

  const refused = (log: FastifyBaseLogger, quote: StoredQuote, reason: string, error?: unknown) => {
    log.warn(
      { quoteNumber: quote.quoteNumber, basisVersion: quote.basisVersion, err: error },
      `benefit illustration refused: ${reason}`,
    );
    return new ApiError(410, QUOTE_MESSAGES.illustrationChanged);
  };

  return {
    async of(quote, log) {
      const { response, basisVersion } = quote;
      if (response.quote && !response.inputs) return response.quote;
      const kept = quotes.get(quote.quoteNumber);
      if (kept) return kept;
      if (!basisVersion || !response.inputs) throw refused(log, quote, 'no inputs or basis version');
      let priced: PricedQuote;
      try {
        const read = await sourcesOf(basisVersion);
        if (!read) throw refused(log, quote, 'its basis version is not stored');
        if (read.calculator.name !== response.inputs.calculator) {
          throw refused(
            log,
            quote,
            `priced by ${response.inputs.calculator}, its basis names ${read.calculator.name}`,
          );
        }
        priced = read.calculator.price(response.inputs.request, read.basis, read.tables);
      } catch (error) {
        if (error instanceof ApiError) throw error;
        throw refused(log, quote, 'pricing its inputs again failed', error);
      }
      // A stored answer of another shape is refused the same way (a 410), never a 500.
      let same: boolean;
      try {
        const stored = response.answer.data.quotePlanSectionDetails;
        const again = quotePlanSectionDetails(
          quote.quoteNumber,
          stored.productUIN,
          stored.proposalDate,
          priced,
        );
        same = canonicalJson(again) === canonicalJson(stored);
      } catch (error) {
        throw refused(log, quote, 'its stored answer could not be compared', error);
      }
      if (!same) throw refused(log, quote, 'priced again, its figures differ from the stored answer');
      quotes.set(quote.quoteNumber, priced);
      return priced;
    },
  };
}
