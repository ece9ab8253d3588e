import type { PlanAdapter } from '../../engine/plan/adapter.ts';

/**
 * Plan adapters by the name plan.json gives in `adapter`, each loaded lazily with its plan.
 * Only for behaviour no shared part of the standard journey (src/journey) has: a plan that
 * reuses shared parts names none. Empty today: every plan runs on the standard journey.
 */
export const adapters: Record<string, () => Promise<PlanAdapter>> = {};
