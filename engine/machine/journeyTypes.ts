import type { ApplicationState } from '../state/applicationState.ts';

export interface JourneyContext {
  application: ApplicationState;
}

export type JourneyEvent =
  /** The visitor (or the app) asks for a route; the machine decides where they land. */
  | { type: 'NAVIGATE'; route: string }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  /** The application state changed; guards read the copy in context. */
  | { type: 'APPLICATION.UPDATED'; application: ApplicationState };

export interface JourneyInput {
  application: ApplicationState;
}

/** What a state's `meta` in machine.json may say about the screen it shows. */
export interface JourneyStateMeta {
  /** Route below the plan's path base ('' for the first screen). */
  route: string;
  /** Step id from plan.json `steps` rendered on this state, if any. */
  step?: string;
  /** Stepper step id this state belongs to; omitted hides the stepper. */
  stepper?: string;
}
