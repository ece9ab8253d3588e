import { commonDocuments } from '../../../engine/plan/buildPlan.ts';
import { buildProposal } from '../../../engine/plan/buildProposal.ts';
import { precompiledValidators } from '../../../engine/validation/precompiledValidators.ts';
import type { PlanContent } from '../../plans/planContent.ts';
import type { PlanSummary } from '../../plans/planSummary.ts';
import { loadProposalModule, withLaterFormCode } from '../planRegistry.ts';

/** A plan's proposal forms, built (src/plans/browserPlanModules.ts `?proposal`). */
export type ProposalForms = ReturnType<typeof buildProposal>;

/** What the proposal page shows of a plan: its copy and its proposal's forms. */
export interface ProposalPageData {
  content: PlanContent;
  forms: ProposalForms;
}

const built = new Map<string, Promise<ProposalPageData>>();

/**
 * Loads (once; again after a failure) a plan's proposal page module and builds its forms: the
 * first step's validators are there at once, the others' come with `forms.loadForms()`.
 */
export function loadProposal(config: PlanSummary): Promise<ProposalPageData> {
  let promise = built.get(config.productId);
  if (!promise) {
    promise = loadProposalModule(config).then(
      ({ content, files, common, firstValidators, laterValidators }) => ({
        content,
        forms: buildProposal(
          files,
          commonDocuments(common),
          precompiledValidators(config.planCode, {
            first: firstValidators,
            later: withLaterFormCode(laterValidators),
          }),
        ),
      }),
    );
    promise.catch(() => built.delete(config.productId));
    built.set(config.productId, promise);
  }
  return promise;
}
