import type { LoadedPlan } from '../../../engine/plan/types.ts';

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
