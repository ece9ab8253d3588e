import type { ComponentType } from 'react';
import type { LookupFunction } from '../form/fieldLookups.ts';
import type { MachineExtras } from '../machine/createJourneyMachine.ts';
import type { ApplicationStore } from '../state/applicationStore.ts';
import type { ApplicationState } from '../state/applicationState.ts';
import type { LoadedPlan } from './types.ts';

/**
 * What a plan's adapter (src/adapters/<CODE>) gives the engine: its calls after a step
 * is submitted, and any guards or actions its machine needs beyond the generic ones.
 * The engine passes it the store and the plan; the adapter owns its API calls.
 */
export interface StepContext {
  stepId: string;
  plan: LoadedPlan;
  store: ApplicationStore;
  /** The query string the journey was opened with (utm_source, branchcode, ...). */
  search: URLSearchParams;
}

/** What a panel the adapter adds to a step is given. */
export interface StepPanelProps {
  stepId: string;
  plan: LoadedPlan;
  store: ApplicationStore;
  /** Asks the journey for a route (the machine decides), e.g. an edit link back to a step. */
  goTo(route: string): void;
  /**
   * Sends the machine an event (PAY_LATER, NEXT, ...) and takes the visitor where it leads:
   * a journey route, or the plan's proposal page for a state with a proposalRoute.
   * False when the machine did not move.
   */
  follow(event: 'NEXT' | 'BACK' | 'PAY_LATER' | 'RESUME'): boolean;
}

/**
 * What onStepSubmit may answer: 'left' when it has sent the browser to another page (a
 * payment gateway), or a notice the visitor should read once the journey has moved on.
 */
export type StepSubmitOutcome = void | 'left' | { notice: string };

export interface PlanAdapter {
  machine?: MachineExtras;
  /** Content the plan shows inside a step's form, above its submit button (e.g. a live quote), by step id. */
  panels?: Record<string, ComponentType<StepPanelProps>>;
  /** Content the plan shows above its landing sections on the first screen (e.g. a previous-quote strip). */
  landingPanel?: ComponentType<StepPanelProps>;
  /** A step's submit label from the application state, when the plan shows more than the fixed label. */
  submitLabel?(stepId: string, state: ApplicationState): string | undefined;
  /** Lookups named by uiSchema `lookup` options (e.g. a pincode to its city and state). */
  lookups?: Record<string, LookupFunction>;
  /**
   * Runs after the step's data has been saved into the application state and before the
   * machine moves on. Throw a StepFailure to keep the visitor on the step with a message.
   */
  onStepSubmit?(context: StepContext): Promise<StepSubmitOutcome>;
  /**
   * Whether the journey may show the next step (`nextStepId`) while this step's onStepSubmit
   * is still answering (a save whose answer the next step neither needs nor overwrites): its
   * failure is then shown over the next step and the visitor is taken back to this one,
   * nothing they typed lost.
   */
  movesOnBeforeSubmitEnds?(context: StepContext, nextStepId: string): boolean;
  /**
   * The journey is about to show `nextStepId` (its defaults already in the application state):
   * what it will ask the server for may start now, before it renders (its first quote). True
   * when a request was started: the journey lets it leave before it draws the step.
   */
  onStepOpening?(context: StepContext, nextStepId: string): boolean;
  /** The device's kept applications, for resuming one without asking the visitor for proof. */
  keptApplications?: KeptApplications;
}

/** The applications this device keeps for a plan (its previous quotes), when the plan keeps them. */
export interface KeptApplications {
  /** The capability this device kept for one of its applications: it resumes it without other proof. */
  capabilityFor(productId: string, applicationNumber: string): string | undefined;
  /** Remembers an application this device has just resumed, with the capability the resume gave. */
  remember(productId: string, saved: Record<string, unknown>, capability: string): void;
}

/** A failure to show the visitor in the error popup, in the spec's words. */
export class StepFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StepFailure';
  }
}
