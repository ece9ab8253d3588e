import type { ApplicationState } from '../state/applicationState.ts';

export interface JourneyContext {
  application: ApplicationState;
}

export type JourneyEvent =
  /** The visitor (or the app) asks for a route; the machine decides where they land. */
  | { type: 'NAVIGATE'; route: string }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  /** A saved application was loaded (resume): the machine routes by its stage (spec 02 §4.2). */
  | { type: 'RESUME' }
  /** The visitor chose to pay later (spec 01 §2 payment outcomes). */
  | { type: 'PAY_LATER' }
  /** The application state changed; guards read the copy in context. */
  | { type: 'APPLICATION.UPDATED'; application: ApplicationState };

export interface JourneyInput {
  application: ApplicationState;
}

/** What a state's `meta` in machine.json may say about the screen it shows. */
export interface JourneyStateMeta {
  /** Route below the plan's path base ('' for the first screen); absent on proposal-page states. */
  route?: string;
  /** A hash route of the plan's proposal page this state sends the visitor to ('payment-success', ''). */
  proposalRoute?: string;
  /** Step id from plan.json `steps` rendered on this state, if any. */
  step?: string;
  /** Stepper step id this state belongs to; omitted hides the stepper. */
  stepper?: string;
}
