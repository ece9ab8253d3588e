import type { PlanConfig } from '../../../engine/plan/types.ts';

/** The address of a hash route of the plan's proposal page (spec 02 §2.2), e.g. '#/payment-success'. */
export function proposalUrl(config: PlanConfig, route: string): string {
  return `${config.routes.proposalPage}#/${route}`;
}
