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
  'routes',
  'adapter',
  'content',
] as const;

export type PlanSummary = Pick<PlanConfig, (typeof SUMMARY_FIELDS)[number]>;

export function planSummary(config: PlanConfig): PlanSummary {
  const summary: Record<string, unknown> = {};
  for (const field of SUMMARY_FIELDS) if (config[field] !== undefined) summary[field] = config[field];
  return summary as PlanSummary;
}

/*
 * What the catalogue's card of a plan shows besides its summary (`plan.json?card`): only the
 * catalogue page loads these, so a journey's first load carries no other plan's copy.
 */
export const CARD_FIELDS = ['productId', 'uin', 'kind', 'subTitle', 'discountMessage'] as const;

export type PlanCard = Pick<PlanConfig, (typeof CARD_FIELDS)[number]> & {
  /** The brochure's two benefits. */
  benefits: PlanConfig['brochure']['benefits'];
};

export function planCard(config: PlanConfig): PlanCard {
  const card: Record<string, unknown> = { benefits: config.brochure.benefits };
  for (const field of CARD_FIELDS) if (config[field] !== undefined) card[field] = config[field];
  return card as PlanCard;
}
