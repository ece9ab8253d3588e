import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { listPlanCodes, readCommonDocuments, readPlanFiles } from '../../src/plans/nodePlanSource.ts';
import type { PlanFiles } from '../../engine/plan/types.ts';
import { ComposeError } from '../../src/plans/compose/composeError.ts';
import { PlanComposer } from '../../src/plans/compose/composePlan.ts';
import { checkStepIds } from './stepIdChecks.ts';
import type { PlanSources } from './planChecks.ts';
import type { Problem } from './problem.ts';
import { validatorsPath, type GeneratedFile, type GeneratedTexts } from './generatedValidators.ts';
import { GENERATED_FILES } from './validatorCode.ts';

/** plan.json's step-id mistakes, when its facts compose (see stepIdChecks.ts). */
function stepIdProblems(code: string, root: string): Problem[] {
  try {
    const config = new PlanComposer(code, root).plan();
    return checkStepIds(`plans/${code}/plan.json`, config);
  } catch {
    return [];
  }
}

/**
 * Everything plans:validate checks, read from a schemas/ folder. A plan folder with a file
 * that is not valid JSON is reported (with the file and the parser's words), not fatal.
 */
export function loadSources(root: string): PlanSources {
  const json = (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8'));
  const plans: Record<string, PlanFiles> = {};
  const unreadable: Problem[] = [];
  const generatedValidators: Record<string, GeneratedTexts> = {};
  for (const code of listPlanCodes(root)) {
    generatedValidators[code] = {};
    for (const file of Object.keys(GENERATED_FILES) as GeneratedFile[]) {
      const generated = validatorsPath(root, code, file);
      if (existsSync(generated)) generatedValidators[code][file] = readFileSync(generated, 'utf8');
    }
    try {
      plans[code] = readPlanFiles(code, root);
    } catch (error) {
      if (error instanceof ComposeError) {
        unreadable.push({ file: error.file, where: error.pointer || '/', message: error.reason });
        continue;
      }
      // The machine is generated from plan.json's steps: a step id it names that does not
      // exist (a resumeTo) is plan.json's mistake, at its place there.
      const named = stepIdProblems(code, root);
      if (named.length) {
        unreadable.push(...named);
        continue;
      }
      const message = (error as Error).message;
      const [, file = `plans/${code}`, reason = message] =
        /^((?:plans|common)\/[^:]+): (.*)$/s.exec(message) ??
        /^.*?((?:plans|common)\/[^:]+): (.*)$/s.exec(message) ??
        [];
      unreadable.push({ file, where: '/', message: `cannot be read: ${reason}` });
    }
  }
  return {
    metaSchemas: {
      plan: json('plan.schema.json'),
      machine: json('machine.schema.json'),
      fixtures: json('fixtures.schema.json'),
      content: json('content.schema.json'),
    },
    common: readCommonDocuments(root),
    plans,
    generatedValidators,
    unreadable,
    root,
  };
}
