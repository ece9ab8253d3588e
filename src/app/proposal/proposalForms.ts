import { commonDocuments } from '../../../engine/plan/buildPlan.ts';
import { buildProposal } from '../../../engine/plan/buildProposal.ts';
import type { PlanFiles } from '../../../engine/plan/types.ts';
import type { JsonSchema } from '../../../engine/schema/bundleSchema.ts';
import type { GeneratedFunctions } from '../../../engine/validation/precompiledValidators.ts';
import type { PlanSummary } from '../../plans/planSummary.ts';

/** A plan's proposal forms, built (src/plans/browserPlanModules.ts `?proposal`). */
export type ProposalForms = ReturnType<typeof buildProposal>;

// Each plan's proposal forms with their precompiled validators, in a chunk of their own: the
// proposal page asks for it once a step is on screen or about to be.
const loaders = import.meta.glob<{ files: PlanFiles; common: JsonSchema[]; validators: GeneratedFunctions }>(
  '../../../schemas/plans/*/plan.json',
  { query: '?proposal' },
);

const loaded = new Map<string, Promise<ProposalForms>>();

/** Loads (once; again after a failure) and builds a plan's proposal forms. */
export function loadProposalForms(config: PlanSummary): Promise<ProposalForms> {
  let promise = loaded.get(config.productId);
  if (!promise) {
    const load = loaders[`../../../schemas/plans/${config.productId}/plan.json`];
    if (!load) return Promise.reject(new Error(`Plan ${config.productId} has no proposal forms`));
    promise = Promise.all([load(), import('../../../engine/validation/precompiledValidators.ts')]).then(
      ([{ files, common, validators }, { precompiledValidators }]) =>
        buildProposal(
          files,
          commonDocuments(common),
          precompiledValidators(config.planCode, {
            first: validators,
            later: () => Promise.resolve(validators),
          }),
        ),
    );
    promise.catch(() => loaded.delete(config.productId));
    loaded.set(config.productId, promise);
  }
  return promise;
}
