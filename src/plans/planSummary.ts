import type { PlanConfig } from '../../engine/plan/types.ts';

/*
 * What the site knows of every plan before any plan's chunk is loaded: enough for the
 * catalogue at `/`, for matching an address to a plan and for the first words of its page.
 * The build writes it from each plan.json (vite.config.ts, `plan.json?summary`), so the
 * entry carries a few fields per plan, not every plan's full configuration; the full
 * plan.json comes with the plan's own chunk.
 */

export const SUMMARY_FIELDS = [
  'productId',
  'productName',
  'planCode',
  'uin',
  'kind',
  'subTitle',
  'discountMessage',
  'routes',
  'adapter',
  'content',
] as const;

export type PlanSummary = Pick<PlanConfig, (typeof SUMMARY_FIELDS)[number]> & {
  /** The brochure's two benefits, shown on the plan's catalogue card. */
  benefits: PlanConfig['brochure']['benefits'];
};

export function planSummary(config: PlanConfig): PlanSummary {
  const summary: Record<string, unknown> = { benefits: config.brochure.benefits };
  for (const field of SUMMARY_FIELDS) if (config[field] !== undefined) summary[field] = config[field];
  return summary as PlanSummary;
}
