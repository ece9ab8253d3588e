import type { PlanContent } from '../../plans/planContent.ts';
import type { PlanSummary } from '../../plans/planSummary.ts';

// Each plan's copy alone (`plan.json?content`), for pages without forms: loaded by the proposal
// page's chunk, so the entry every journey loads carries no map of it.
const contentLoaders = import.meta.glob<PlanContent>('../../../schemas/plans/*/plan.json', {
  query: '?content',
  import: 'default',
});

/** A plan's copy (its content file) alone: pages without forms need no more of the plan. */
export function loadPlanContent(config: PlanSummary): Promise<PlanContent> {
  const load = config.content && contentLoaders[`../../../schemas/plans/${config.productId}/plan.json`];
  if (!load) return Promise.reject(new Error(`Plan ${config.productId} has no content file`));
  return load();
}
