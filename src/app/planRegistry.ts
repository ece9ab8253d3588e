import { buildPlan, commonDocuments } from '../../engine/plan/buildPlan.ts';
import type { LoadedPlan, PlanFiles } from '../../engine/plan/types.ts';
import type { PlanSummary } from '../plans/planSummary.ts';
import type { JsonSchema } from '../../engine/schema/bundleSchema.ts';
import type { PlanContent } from '../plans/planContent.ts';
import type { GeneratedFunctions } from '../../engine/validation/precompiledValidators.ts';

/*
 * Every plan folder under schemas/plans is picked up here without naming it. A summary of
 * each plan.json is eager (the catalogue lists them, addresses are matched against them:
 * src/plans/planSummary.ts); each plan's files, its plan.json among them, load lazily, on
 * first visit, as one chunk per plan (see vite.config.ts).
 */
const planIndex = import.meta.glob<PlanSummary>('../../schemas/plans/*/plan.json', {
  eager: true,
  import: 'default',
  query: '?summary',
});
const planFileLoaders = import.meta.glob<unknown>(
  [
    '../../schemas/plans/*/**/*.json',
    '!../../schemas/plans/*/fixtures/**',
    // The pricing basis is the server's (quotes are priced there): not downloaded by phones.
    '!../../schemas/plans/*/pricing-basis.json',
  ],
  { import: 'default' },
);
// Each plan's precompiled validators (npm run validators): its first step's in the plan's
// chunk, the others (validators.later.generated.js) in a chunk of their own, loaded by
// LoadedPlan.loadForms once the first step is on screen.
const validatorLoaders = import.meta.glob<GeneratedFunctions>(
  '../../schemas/plans/*/validators.generated.js',
  {
    import: 'default',
  },
);
const laterValidatorLoaders = import.meta.glob<GeneratedFunctions>(
  '../../schemas/plans/*/validators.later.generated.js',
  { import: 'default' },
);
const common = commonDocuments(
  Object.values(
    import.meta.glob<JsonSchema>('../../schemas/common/*.json', { eager: true, import: 'default' }),
  ),
);

const PLAN_PATH = /^\.\.\/\.\.\/schemas\/plans\/([^/]+)\/(.+)$/;

export const plans: PlanSummary[] = Object.values(planIndex).sort((a, b) =>
  a.productName.localeCompare(b.productName),
);

/** The journey's base path, e.g. /retirement-plans/guaranteed-pension-plan/ */
export function journeyBase(plan: Pick<PlanSummary, 'routes'>): string {
  return `${plan.routes.pathBase}${plan.routes.slug}/`;
}

/**
 * The plan whose proposal page (routes.proposalPage) this path is, if any. It lies under
 * the journey's base, so it is asked before planForPath.
 */
export function proposalPlanForPath(pathname: string): PlanSummary | undefined {
  const path = pathname.replace(/\/+$/, '');
  return plans.find((plan) => plan.routes.proposalPage.replace(/\/+$/, '') === path);
}

/** The plan whose journey contains this path, if any. */
export function planForPath(pathname: string): PlanSummary | undefined {
  const path = pathname.endsWith('/') ? pathname : `${pathname}/`;
  return plans.find((plan) => path.startsWith(journeyBase(plan)));
}

/** A plan's copy (its content file) alone: pages without forms need no more of the plan. */
export function loadPlanContent(config: PlanSummary): Promise<PlanContent> {
  const load = config.content && planFileLoaders[`../../schemas/plans/${config.productId}/${config.content}`];
  if (!load) return Promise.reject(new Error(`Plan ${config.productId} has no content file`));
  return load() as Promise<PlanContent>;
}

const loaded = new Map<string, Promise<LoadedPlan>>();

/**
 * Starts loading a plan's chunk with the journey's (so the two download side by side, not
 * one after the other); JourneyPage's loadPlan then finds it under way. A failure here is
 * reported by that call.
 */
export function preloadPlan(config: PlanSummary): void {
  loadPlan(config).catch(() => undefined);
}

/** Loads one plan's files (once) and builds it. */
export function loadPlan(config: PlanSummary): Promise<LoadedPlan> {
  let promise = loaded.get(config.productId);
  if (!promise) {
    const entries = Object.entries(planFileLoaders).flatMap(([path, load]) => {
      const match = PLAN_PATH.exec(path);
      return match && match[1] === config.productId ? [[match[2]!, load] as const] : [];
    });
    const loadValidators =
      validatorLoaders[`../../schemas/plans/${config.productId}/validators.generated.js`];
    const loadLater =
      laterValidatorLoaders[`../../schemas/plans/${config.productId}/validators.later.generated.js`];
    if (!loadValidators || !loadLater)
      return Promise.reject(new Error(`Plan ${config.productId} has no generated validators`));
    promise = Promise.all([
      Promise.all(entries.map(async ([name, load]) => [name, await load()] as const)),
      loadValidators(),
      // The validator runtime (RJSF's) comes with the form runtime, not with the catalogue.
      import('../../engine/validation/precompiledValidators.ts'),
    ]).then(([files, first, { precompiledValidators }]) => {
      const plan = buildPlan(
        Object.fromEntries(files) as PlanFiles,
        common,
        precompiledValidators(config.planCode, { first, later: loadLater }),
      );
      return plan;
    });
    promise.catch(() => loaded.delete(config.productId));
    loaded.set(config.productId, promise);
  }
  return promise;
}
