import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildPlan, commonDocuments } from '../../engine/plan/buildPlan.ts';
import type { LoadedPlan } from '../../engine/plan/types.ts';
import { compilingValidators } from '../../engine/validation/createFormValidator.ts';
import { listPlanCodes, readCommonDocuments, readPlanFiles } from '../../src/plans/nodePlanSource.ts';
import {
  GENERATED_FILES,
  planValidatorModules,
  validatorFingerprint,
  writtenFingerprint,
} from './validatorCode.ts';
import type { Problem } from './problem.ts';

/** Where a plan folder keeps its generated validators: the first file is loaded with the plan's chunk. */
export const GENERATED_VALIDATORS = GENERATED_FILES.first;

export type GeneratedFile = keyof typeof GENERATED_FILES;

export function validatorsPath(root: string, folder: string, file: GeneratedFile = 'first'): string {
  return join(root, 'plans', folder, GENERATED_FILES[file]);
}

/** The text of each generated file of a plan folder, undefined where it is missing. */
export type GeneratedTexts = Partial<Record<GeneratedFile, string>>;

/**
 * A plan whose generated validators are missing or were written from other schemas (or by
 * another generator) than its schemas and the generator give now.
 */
export function checkGeneratedValidators(folder: string, plan: LoadedPlan, texts: GeneratedTexts): Problem[] {
  const fingerprint = validatorFingerprint(plan);
  return (Object.keys(GENERATED_FILES) as GeneratedFile[]).flatMap((key): Problem[] => {
    const file = `plans/${folder}/${GENERATED_FILES[key]}`;
    const code = texts[key];
    if (code === undefined) return [{ file, where: '/', message: 'is missing: run npm run validators' }];
    if (writtenFingerprint(code) !== fingerprint) {
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
  });
}

/** npm run validators: writes every plan folder's (or the named ones') generated validators under a schemas root. */
export function writeGeneratedValidators(
  root: string,
  folders: string[] = listPlanCodes(root),
): Array<{ folder: string; bytes: number }> {
  const common = commonDocuments(readCommonDocuments(root));
  return folders.map((folder) => {
    const plan = buildPlan(readPlanFiles(folder, root), common, compilingValidators, { proposal: true });
    const modules = planValidatorModules(folder, plan);
    let bytes = 0;
    for (const key of Object.keys(GENERATED_FILES) as GeneratedFile[]) {
      writeFileSync(validatorsPath(root, folder, key), modules[key]);
      bytes += modules[key].length;
    }
    return { folder, bytes };
  });
}
