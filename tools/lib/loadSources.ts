import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { listPlanCodes, readCommonDocuments, readPlanFiles } from '../../src/plans/nodePlanSource.ts';
import type { PlanFiles } from '../../engine/plan/types.ts';
import { ComposeError } from '../../src/plans/compose/composePlan.ts';
import type { PlanSources } from './planChecks.ts';
import type { Problem } from './problem.ts';
import { validatorsPath, type GeneratedFile, type GeneratedTexts } from './generatedValidators.ts';
import { GENERATED_FILES } from './validatorCode.ts';

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
      const message = (error as Error).message;
      const file = message.match(/plans\/[^:]+/)?.[0] ?? `plans/${code}`;
      unreadable.push({
        file,
        where: '/',
        message: `cannot be read: ${message.slice(message.lastIndexOf(': ') + 2)}`,
      });
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
  };
}
