import { registerConditions } from './conditions.ts';
import type { SchemaDocuments } from '../schema/bundleSchema.ts';
import { configOf, loadForms } from './buildPlan.ts';
import type { LoadedPlan, PlanFiles, PlanValidators } from './types.ts';

/**
 * The proposal's steps of a plan (plan.json `proposal.steps`), for the proposal page: what it
 * needs of a plan without its journey's forms and machine (its copy comes on its own). As the
 * journey's, the first step's validators come with it and the others' with `loadForms`.
 */
export function buildProposal(
  files: PlanFiles,
  common: SchemaDocuments,
  validators: PlanValidators,
): Pick<LoadedPlan, 'config' | 'proposal' | 'matchesSchema' | 'loadForms'> {
  const config = configOf(files);
  registerConditions(config, validators.matchesSchema);
  return {
    config,
    proposal: loadForms(files, config, common, validators, 'proposal', config.proposal?.steps),
    matchesSchema: validators.matchesSchema,
    loadForms: () => (validators.load ? validators.load() : Promise.resolve()),
  };
}
