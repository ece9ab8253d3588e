import type { FastifyBaseLogger } from 'fastify';
import type { LoadedPlan } from '../../../../engine/plan/types.ts';
import type { PlanFieldsCheck } from './calculatorInputs.ts';
import { rejected } from './priceQuote.ts';
import { pricingFor, type PricingSources } from './pricingSources.ts';
import { QUOTE_MESSAGES } from './quoteMessages.ts';

/** What prices a plan's requests: its pricing sources and its calculator's compiled field check. */
export interface QuotePricing {
  sources: PricingSources;
  check: PlanFieldsCheck;
}

/**
 * The plan's pricing sources and its compiled field check; 400 'Failed to calculate quote
 * details.' without. The visitor hears only that; the reason (a basis that is another plan's,
 * a calculator with no input check) is logged at error with the request, for whoever runs the
 * server: no request can be priced until the plan is fixed.
 */
export function quotePricing(
  plan: LoadedPlan,
  checks: Map<string, PlanFieldsCheck>,
  log: FastifyBaseLogger,
): QuotePricing {
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
