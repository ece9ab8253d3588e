import { buildPlan, commonDocuments } from '../../engine/plan/buildPlan.ts';
import type { LoadedPlan, PlanFiles } from '../../engine/plan/types.ts';
import type { PlanContent } from '../plans/planContent.ts';
import type { PlanSummary } from '../plans/planSummary.ts';
import type { JsonSchema } from '../../engine/schema/bundleSchema.ts';
import type { GeneratedFunctions } from '../../engine/validation/precompiledValidators.ts';

/*
 * Every plan folder under schemas/plans is picked up here without naming it, as the modules
 * the build makes of it (src/plans/browserPlanModules.ts): a summary of each plan is eager
 * (the catalogue lists them, addresses are matched against them); each plan's files, with
 * the shared documents they reference, load lazily, on first visit, as one chunk per plan
 * with its first step's validators (see vite.config.ts); its proposal page's copy and forms
 * (`?proposal`) likewise, for the proposal page; its catalogue card with the catalogue
 * (Catalogue.tsx).
 */
const planIndex = import.meta.glob<PlanSummary>('../../schemas/plans/*/plan.json', {
  eager: true,
  import: 'default',
  query: '?summary',
});
const planFileLoaders = import.meta.glob<{
  files: PlanFiles;
  common: JsonSchema[];
  firstValidators: GeneratedFunctions;
  laterValidators: () => Promise<GeneratedFunctions>;
}>('../../schemas/plans/*/plan.json', { query: '?files' });
/** What a plan's proposal page loads of it (src/plans/browserPlanModules.ts `?proposal`). */
export interface ProposalModule {
  content: PlanContent;
  files: PlanFiles;
  common: JsonSchema[];
  firstValidators: GeneratedFunctions;
  laterValidators: () => Promise<GeneratedFunctions>;
}
const proposalModuleLoaders = import.meta.glob<ProposalModule>('../../schemas/plans/*/plan.json', {
  query: '?proposal',
});
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

const loaded = new Map<string, Promise<LoadedPlan>>();

/**
 * The later forms' validators with the form code only later forms draw (RJSF's list field, our
 * later widgets: widgets/laterFormCode.ts): a later form is ready when both are here.
 */
export function withLaterFormCode(
  later: () => Promise<GeneratedFunctions>,
): () => Promise<GeneratedFunctions> {
  return () =>
    Promise.all([
      later(),
      import('../../widgets/laterFormCode.ts').then((module) => module.loadLaterFormCode()),
    ]).then(([validators]) => validators);
}

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
    if (!loadFiles) return Promise.reject(new Error(`Plan ${config.productId} has no files`));
    promise = Promise.all([
      // The plan's files with its first step's validators, and how to load the later ones.
      loadFiles(),
      // The validator runtime (RJSF's) comes with the form runtime, not with the catalogue.
      import('../../engine/validation/precompiledValidators.ts'),
    ]).then(([{ files, common, firstValidators, laterValidators }, { precompiledValidators }]) =>
      buildPlan(
        files,
        commonDocuments(common),
        precompiledValidators(config.planCode, {
          first: firstValidators,
          later: withLaterFormCode(laterValidators),
        }),
      ),
    );
    promise.catch(() => loaded.delete(config.productId));
    loaded.set(config.productId, promise);
  }
  return promise;
}

const proposalModules = new Map<string, Promise<ProposalModule>>();

/**
 * Loads a plan's proposal page module (once; again after a failure). The entry asks for it as
 * soon as it runs on a proposal page, beside the page's code, so the two arrive side by side.
 */
export function loadProposalModule(config: PlanSummary): Promise<ProposalModule> {
  let promise = proposalModules.get(config.productId);
  if (!promise) {
    const load = proposalModuleLoaders[`${folderOf(config)}/plan.json`];
    if (!load) return Promise.reject(new Error(`Plan ${config.productId} has no proposal page`));
    promise = load();
    promise.catch(() => proposalModules.delete(config.productId));
    proposalModules.set(config.productId, promise);
  }
  return promise;
}
