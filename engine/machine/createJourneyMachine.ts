import { assign, setup } from 'xstate';
import {
  createGuards,
  type GuardArgs,
  type GuardImpl,
  type GuardParams,
  type SchemaMatcher,
} from './guards.ts';
import type { JourneyContext, JourneyEvent, JourneyInput, JourneyStateMeta } from './journeyTypes.ts';

export interface MachineExtras {
  /** How the `matchesSchema` guard checks its schema: the plan's (LoadedPlan.matchesSchema). */
  matchesSchema?: SchemaMatcher;
  /** Plan-specific guards from the plan's adapter, added to the generic ones. */
  guards?: Record<string, GuardImpl>;
  /**
   * The pointers into the application state each plan guard reads, given its params (see
   * guardReads.ts): the journey tells the machine only about changes there. A plan guard
   * without one is taken to read the whole application.
   */
  reads?: Record<string, (params: GuardParams) => string[]>;
  /** Plan-specific actions from the plan's adapter. */
  actions?: Record<string, (args: { context: JourneyContext; event: JourneyEvent }, params: unknown) => void>;
}

/** The generic actions machine.json may reference. */
export const GENERIC_ACTION_NAMES = ['syncApplication'] as const;

/**
 * Interprets a plan's machine.json (an XState v5 config naming guards and actions by
 * `type` with `params`) with the engine's implementations plus the adapter's extras.
 */
export function createJourneyMachine(config: Record<string, unknown>, extras: MachineExtras = {}) {
  const guards = createGuards(extras.guards, extras.matchesSchema);
  return setup({
    types: {} as { context: JourneyContext; events: JourneyEvent; input: JourneyInput },
    guards: guards as Record<string, (args: GuardArgs, params: GuardParams) => boolean>,
    actions: {
      ...(extras.actions as Record<string, (args: GuardArgs, params: unknown) => void>),
      syncApplication: assign(({ event }) =>
        event.type === 'APPLICATION.UPDATED' ? { application: event.application } : {},
      ),
    },
  }).createMachine({
    ...(config as object),
    context: ({ input }: { input: JourneyInput }) => ({ application: input.application }),
  } as never);
}

/** The meta of the deepest active state that declares a route or a proposal-page route. */
export function activeMeta(snapshot: { getMeta(): Record<string, unknown> }): JourneyStateMeta | undefined {
  const metas = Object.values(snapshot.getMeta()) as Array<JourneyStateMeta | undefined>;
  return metas
    .filter(
      (meta): meta is JourneyStateMeta =>
        typeof meta?.route === 'string' || typeof meta?.proposalRoute === 'string',
    )
    .pop();
}
