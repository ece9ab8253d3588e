import { buildPlan, commonDocuments } from '../../engine/plan/buildPlan.ts';
import type { LoadedPlan, PlanFiles } from '../../engine/plan/types.ts';
import type { PlanSummary } from '../plans/planSummary.ts';
import type { JsonSchema } from '../../engine/schema/bundleSchema.ts';
import type { PlanContent } from '../plans/planContent.ts';
import type { GeneratedFunctions } from '../../engine/validation/precompiledValidators.ts';

/*
 * Every plan folder under schemas/plans is picked up here without naming it, as the modules
 * the build makes of it (src/plans/browserPlanModules.ts): a summary of each plan is eager
 * (the catalogue lists them, addresses are matched against them); each plan's files, with
 * the shared documents they reference, load lazily, on first visit, as one chunk per plan
 * with its first step's validators (see vite.config.ts); its copy alone for pages without forms.
 */
const planIndex = import.meta.glob<PlanSummary>('../../schemas/plans/*/plan.json', {
  eager: true,
  import: 'default',
  query: '?summary',
});
const planFileLoaders = import.meta.glob<{ files: PlanFiles; common: JsonSchema[] }>(
  '../../schemas/plans/*/plan.json',
  { query: '?files' },
);
const contentLoaders = import.meta.glob<PlanContent>('../../schemas/plans/*/plan.json', {
  query: '?content',
  import: 'default',
});
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

const folderOf = (config: PlanSummary) => `../../schemas/plans/${config.productId}`;

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
  const load = config.content && contentLoaders[`${folderOf(config)}/plan.json`];
  if (!load) return Promise.reject(new Error(`Plan ${config.productId} has no content file`));
  return load();
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
    const folder = folderOf(config);
    const loadFiles = planFileLoaders[`${folder}/plan.json`];
    const loadValidators = validatorLoaders[`${folder}/validators.generated.js`];
    const loadLater = laterValidatorLoaders[`${folder}/validators.later.generated.js`];
    if (!loadFiles || !loadValidators || !loadLater)
      return Promise.reject(new Error(`Plan ${config.productId} has no files or no generated validators`));
    promise = Promise.all([
      loadFiles(),
      loadValidators(),
      // The validator runtime (RJSF's) comes with the form runtime, not with the catalogue.
      import('../../engine/validation/precompiledValidators.ts'),
    ]).then(([{ files, common }, first, { precompiledValidators }]) =>
      buildPlan(
        files,
        commonDocuments(common),
        precompiledValidators(config.planCode, { first, later: loadLater }),
      ),
    );
    promise.catch(() => loaded.delete(config.productId));
    loaded.set(config.productId, promise);
  }
  return promise;
}
