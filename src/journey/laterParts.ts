import type { LoadedPlan } from '../../engine/plan/types.ts';
import { loadPanels } from './panels/registry.tsx';

/*
 * What a journey needs only after its first step: the validators of the plan's other forms,
 * the shared panels of later steps, the code a step's submit runs (saving, reporting,
 * payment) and how a quote request is built. None of it is in a phone's first download; all of it is asked for once the first
 * step is on screen, while the visitor fills it in.
 */

let submitModule: typeof import('./submit/submitStep.ts') | undefined;

/** The code a step's submit runs (plan.json `submit`): loaded on first use. */
export const loadSubmit = () => import('./submit/submitStep.ts').then((module) => (submitModule = module));

/** The submit code once loaded (the journey moves on before a save answers only then). */
export const submitCode = () => submitModule;

let quoteRequestModule: typeof import('./quote/quoteRequest.ts') | undefined;

/** How the journey builds a quote request (only steps after the first quote). */
export const loadQuoteRequest = () =>
  import('./quote/quoteRequest.ts').then((module) => {
    quoteRequestModule = module;
  });

/** The quote request module once loaded (a step whose label shows the quote waits for it: stepNeeds). */
export const quoteRequest = () => quoteRequestModule;

let quoteCallsModule: typeof import('./quote/requestQuote.ts') | undefined;

/** How a quote is asked for and kept (a step that shows the quote asks for its first one as it opens). */
export const loadQuoteCalls = () =>
  import('./quote/requestQuote.ts').then((module) => {
    quoteCallsModule = module;
    return module;
  });

/** The quote calls once loaded: a step opening then asks in the same task, before it is drawn. */
export const quoteCalls = () => quoteCallsModule;

/** Asks for everything the later steps need; a failure shows where it is needed (FormGate, a submit). */
export function loadLaterParts(plan: LoadedPlan): void {
  plan.loadForms().catch(() => undefined);
  loadPanels().catch(() => undefined);
  loadSubmit().catch(() => undefined);
  loadQuoteRequest().catch(() => undefined);
  loadQuoteCalls().catch(() => undefined);
}
