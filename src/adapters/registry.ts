import type { PlanAdapter } from '../../engine/plan/adapter.ts';

/**
 * Plan adapters by the name plan.json gives in `adapter`; each loads lazily with its
 * plan. A plan that reuses an existing adapter names it; a new one adds a line here.
 */
export const adapters: Record<string, () => Promise<PlanAdapter>> = {
  T54: () => import('./T54/t54Adapter.ts').then((module) => module.t54Adapter),
};
