import type { LoadedPlan } from '../../../engine/plan/types.ts';
import type { JourneyStateMeta } from '../../../engine/machine/journeyTypes.ts';

/*
 * Where a journey's screens live in the address bar: below the plan page's path (history
 * mode: /retirement-plans/guaranteed-pension-plan/plan-details) or on its hash (hash
 * mode: /term-plans/elite-term-plan/#/plan-details), as plan.json routes.mode says.
 */

/** The route a location asks for: the path below the journey's base, or (hash mode) the hash. */
export function routeOf(location: string, base: string, hashMode: boolean): string {
  const [path = '', hash = ''] = location.split('#');
  const route = hashMode ? hash : path.slice(base.length);
  return route.replace(/^\/+|\/+$/g, '');
}

/** The first screen's route (the machine's initial state): the landing content shows there only. */
export function landingRoute(plan: LoadedPlan): string | undefined {
  const machine = plan.machine as {
    initial?: string;
    states?: Record<string, { meta?: { route?: string } }>;
  };
  return machine.initial ? machine.states?.[machine.initial]?.meta?.route : undefined;
}

/** Where a route lives: below the base (history mode) or on the base's hash (`#/plan-details`). */
export function addressOf(route: string, base: string, hashMode: boolean): string {
  return hashMode ? `${base}#/${route}` : base + route;
}

/**
 * The meta of a plan machine's initial state, read off machine.json without XState: the screen a
 * new application opens on. Undefined where the initial state does not name one directly (a
 * compound state, or one that moves on by itself), so the journey then waits for the machine.
 */
export function initialMeta(plan: Pick<LoadedPlan, 'machine'>): JourneyStateMeta | undefined {
  const machine = plan.machine as {
    initial?: string;
    states?: Record<
      string,
      { meta?: JourneyStateMeta; always?: unknown; initial?: unknown; entry?: unknown }
    >;
  };
  const state = machine.initial ? machine.states?.[machine.initial] : undefined;
  if (!state || state.always !== undefined || state.initial !== undefined || state.entry !== undefined)
    return undefined;
  return typeof state.meta?.route === 'string' && typeof state.meta.step === 'string'
    ? state.meta
    : undefined;
}
