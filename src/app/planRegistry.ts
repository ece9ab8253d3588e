import { buildPlan, commonDocuments } from '../../engine/plan/buildPlan.ts';
import type { LoadedPlan, PlanConfig, PlanFiles } from '../../engine/plan/types.ts';
import type { JsonSchema } from '../../engine/schema/bundleSchema.ts';
import type { PlanContent } from '../plans/planContent.ts';

/*
 * Every plan folder under schemas/plans is picked up here without naming it. plan.json
 * files are small and eager (the catalogue lists them); each plan's other files load
 * lazily, on first visit, as one chunk per plan (see vite.config.ts).
 */
const planIndex = import.meta.glob<PlanConfig>('../../schemas/plans/*/plan.json', {
  eager: true,
  import: 'default',
});
const planFileLoaders = import.meta.glob<unknown>(
  [
    '../../schemas/plans/*/**/*.json',
    '!../../schemas/plans/*/plan.json',
    '!../../schemas/plans/*/fixtures/**',
  ],
  { import: 'default' },
);
const common = commonDocuments(
  Object.values(
    import.meta.glob<JsonSchema>('../../schemas/common/*.json', { eager: true, import: 'default' }),
  ),
);

const PLAN_PATH = /^\.\.\/\.\.\/schemas\/plans\/([^/]+)\/(.+)$/;

export const plans: PlanConfig[] = Object.values(planIndex).sort((a, b) =>
  a.productName.localeCompare(b.productName),
);

/** The journey's base path, e.g. /retirement-plans/guaranteed-pension-plan/ */
export function journeyBase(plan: PlanConfig): string {
  return `${plan.routes.pathBase}${plan.routes.slug}/`;
}

/**
 * The plan whose proposal page (routes.proposalPage) this path is, if any. It lies under
 * the journey's base, so it is asked before planForPath.
 */
export function proposalPlanForPath(pathname: string): PlanConfig | undefined {
  const path = pathname.replace(/\/+$/, '');
  return plans.find((plan) => plan.routes.proposalPage.replace(/\/+$/, '') === path);
}

/** The plan whose journey contains this path, if any. */
export function planForPath(pathname: string): PlanConfig | undefined {
  const path = pathname.endsWith('/') ? pathname : `${pathname}/`;
  return plans.find((plan) => path.startsWith(journeyBase(plan)));
}

/** A plan's copy (its content file) alone: pages without forms need no more of the plan. */
export function loadPlanContent(config: PlanConfig): Promise<PlanContent> {
  const load = config.content && planFileLoaders[`../../schemas/plans/${config.productId}/${config.content}`];
  if (!load) return Promise.reject(new Error(`Plan ${config.productId} has no content file`));
  return load() as Promise<PlanContent>;
}

const loaded = new Map<string, Promise<LoadedPlan>>();

/** Loads one plan's files (once) and builds it. */
export function loadPlan(config: PlanConfig): Promise<LoadedPlan> {
  let promise = loaded.get(config.productId);
  if (!promise) {
    const entries = Object.entries(planFileLoaders).flatMap(([path, load]) => {
      const match = PLAN_PATH.exec(path);
      return match && match[1] === config.productId ? [[match[2]!, load] as const] : [];
    });
    promise = Promise.all(entries.map(async ([name, load]) => [name, await load()] as const)).then((files) =>
      buildPlan({ 'plan.json': config, ...(Object.fromEntries(files) as PlanFiles) }, common),
    );
    promise.catch(() => loaded.delete(config.productId));
    loaded.set(config.productId, promise);
  }
  return promise;
}
