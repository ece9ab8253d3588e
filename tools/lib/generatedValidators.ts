import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildPlan, commonDocuments } from '../../engine/plan/buildPlan.ts';
import type { LoadedPlan } from '../../engine/plan/types.ts';
import { compilingValidators } from '../../engine/validation/createFormValidator.ts';
import { listPlanCodes, readCommonDocuments, readPlanFiles } from '../../src/plans/nodePlanSource.ts';
import { planValidatorModule, validatorFingerprint, writtenFingerprint } from './validatorCode.ts';
import type { Problem } from './problem.ts';

/** Where a plan folder keeps its generated validators (loaded with the plan's chunk). */
export const GENERATED_VALIDATORS = 'validators.generated.js';

export function validatorsPath(root: string, folder: string): string {
  return join(root, 'plans', folder, GENERATED_VALIDATORS);
}

/**
 * A plan whose generated validators are missing or were written from other schemas (or by
 * another generator) than its schemas and the generator give now.
 */
export function checkGeneratedValidators(
  folder: string,
  plan: LoadedPlan,
  code: string | undefined,
): Problem[] {
  const file = `plans/${folder}/${GENERATED_VALIDATORS}`;
  if (code === undefined) return [{ file, where: '/', message: 'is missing: run npm run validators' }];
  if (writtenFingerprint(code) !== validatorFingerprint(plan)) {
    return [
      {
        file,
        where: '/',
        message:
          'is stale (a step, popup or machine condition, or the generator, changed since it was generated): run npm run validators',
      },
    ];
  }
  return [];
}

/** npm run validators: writes every plan folder's generated validators under a schemas root. */
export function writeGeneratedValidators(root: string): Array<{ folder: string; bytes: number }> {
  const common = commonDocuments(readCommonDocuments(root));
  return listPlanCodes(root).map((folder) => {
    const plan = buildPlan(readPlanFiles(folder, root), common, compilingValidators);
    const code = planValidatorModule(folder, plan);
    writeFileSync(validatorsPath(root, folder), code);
    return { folder, bytes: code.length };
  });
}
