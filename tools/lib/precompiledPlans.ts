import { pathToFileURL } from 'node:url';
import { buildPlan, commonDocuments } from '../../engine/plan/buildPlan.ts';
import { buildProposal } from '../../engine/plan/buildProposal.ts';
import type { LoadedPlan } from '../../engine/plan/types.ts';
import {
  precompiledValidators,
  type GeneratedFunctions,
  type GeneratedValidators,
} from '../../engine/validation/precompiledValidators.ts';
import { DEFAULT_SCHEMAS_ROOT, readCommonDocuments, readPlanFiles } from '../../src/plans/nodePlanSource.ts';
import { validatorsPath, type GeneratedFile } from './generatedValidators.ts';

/** A plan folder's generated validator modules, imported as the browser imports them. */
export async function generatedValidators(
  folder: string,
  root = DEFAULT_SCHEMAS_ROOT,
): Promise<GeneratedValidators> {
  return {
    first: await generatedModule(root, folder, 'first'),
    later: () => generatedModule(root, folder, 'later'),
  };
}

async function generatedModule(
  root: string,
  folder: string,
  file: GeneratedFile,
): Promise<GeneratedFunctions> {
  return (
    (await import(pathToFileURL(validatorsPath(root, folder, file)).href)) as {
      default: GeneratedFunctions;
    }
  ).default;
}

/** A plan's proposal forms built in Node exactly as the proposal page builds them, with their generated validators, all loaded. */
export async function precompiledProposal(folder: string, root = DEFAULT_SCHEMAS_ROOT) {
  const forms = buildProposal(
    readPlanFiles(folder, root),
    commonDocuments(readCommonDocuments(root)),
    precompiledValidators(folder, {
      first: await generatedModule(root, folder, 'proposal'),
      later: () => generatedModule(root, folder, 'proposalLater'),
    }),
  );
  await forms.loadForms();
  return forms;
}

/** A plan built in Node exactly as the browser builds it: with its generated, precompiled validators, all loaded. */
export async function precompiledPlan(folder: string, root = DEFAULT_SCHEMAS_ROOT): Promise<LoadedPlan> {
  const generated = await generatedValidators(folder, root);
  const files = readPlanFiles(folder, root);
  const plan = buildPlan(
    files,
    commonDocuments(readCommonDocuments(root)),
    precompiledValidators(folder, generated),
  );
  await plan.loadForms();
  return plan;
}
