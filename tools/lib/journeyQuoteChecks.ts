import type { LoadedPlan, PlanFiles } from '../../engine/plan/types.ts';
import type { ApplicationState } from '../../engine/state/applicationState.ts';
import { applicationPointer } from './applicationPointer.ts';
import { applicationOf, journeySteps, typedAt, withPopups } from './journeyCases.ts';
import { planPricing } from './planPricing.ts';
import { priceApplication } from './priceApplication.ts';
import type { Problem } from './problem.ts';

/*
 * A plan that validates also prices: the visitor the fixtures describe — each step's
 * "journey" case, typed in plan.json's order (and a popup's whose `when` then holds, a joint
 * life) — gets a quote. The application they make is turned into the quote request as the
 * browser builds it (src/journey/quote/quoteRequest.ts) and priced as the quote route prices
 * it (src/server/api/quotes: the common checks, the calculator's inputSchema, then the
 * calculator with the plan's basis), today. When it cannot be priced, the problem is the
 * calculator's (or the schema's) own reason, at the journey case's field it is about.
 */

export function checkJourneyQuote(
  code: string,
  plan: LoadedPlan,
  files: PlanFiles,
  root: string,
  today = new Date(),
): Problem[] {
  const pricing = planPricing(code, plan, files, root);
  if (!pricing) return [];
  if (!('calculator' in pricing)) return [pricing];
  const steps = journeySteps(plan, files, today);
  if (!steps) return [];
  const typed = withPopups(steps, plan, files, today);
  const application = applicationOf(typed) as unknown as ApplicationState;
  const priced = priceApplication(application, plan, pricing, today);
  if (!('refusals' in priced)) return [];

  const quoteStep = typed.find((t) => t.form.id === plan.config.quote!.steps.at(-1)) ?? typed.at(-1)!;
  return priced.refusals.map(({ field, message, what }) => {
    const place = typedAt(applicationPointer(field, application, plan), typed) ?? {
      file: quoteStep.fixtures,
      where: `/cases/${quoteStep.index}`,
    };
    return {
      file: `plans/${code}/${place.file}`,
      where: place.where,
      message: `the fixture journey (the "journey" case of each step, priced today) does not price: ${what} "${message}" (${field}). A plan that validates gets a quote for its own journey: change this case, or the plan's rules or basis that refuse it.`,
    };
  });
}
