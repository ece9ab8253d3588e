import type { PlanConfig, PlanFiles } from '../../engine/plan/types.ts';
import type { Problem } from './problem.ts';

/**
 * What no one plan can check alone: a brochure borrowed from another plan names a plan that
 * exists, and no two plans share a UIN or an address.
 */
export function checkAcrossPlans(plans: Record<string, PlanFiles>): Problem[] {
  const problems: Problem[] = [];
  // A plan that offers another plan's brochure names a plan that exists.
  for (const [code, files] of Object.entries(plans)) {
    const other = (files['plan.json'] as PlanConfig | undefined)?.brochureOf;
    if (other !== undefined && !(other in plans)) {
      problems.push({
        file: `plans/${code}/plan.json`,
        where: '/brochureOf',
        message: `names the plan "${other}", which has no folder under schemas/plans/ (plans: ${Object.keys(plans).join(', ')})`,
      });
    }
  }
  // Quotes find their plan by UIN, and the catalogue and addresses by product id and path:
  // no two plans may share one.
  const taken = new Map<string, string>();
  for (const [code, files] of Object.entries(plans)) {
    const config = files['plan.json'] as PlanConfig | undefined;
    if (!config) continue;
    const routes = config.routes as { pathBase?: string; slug?: string } | undefined;
    const keys: Array<[string, unknown]> = [
      ['/uin', config.uin],
      ['/routes/slug', routes ? `${routes.pathBase ?? ''}${routes.slug ?? ''}` : undefined],
    ];
    for (const [where, value] of keys) {
      if (typeof value !== 'string' || value === '') continue;
      const other = taken.get(`${where}=${value}`);
      if (other) {
        problems.push({
          file: `plans/${code}/plan.json`,
          where,
          message: `"${value}" is already ${other}'s: each plan needs its own (quotes find their plan by UIN, visitors by address)`,
        });
      } else taken.set(`${where}=${value}`, code);
    }
  }
  return problems;
}
