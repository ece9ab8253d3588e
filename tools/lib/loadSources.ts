import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { listPlanCodes, readCommonDocuments, readPlanFiles } from '../../src/plans/nodePlanSource.ts';
import type { PlanSources } from './planChecks.ts';

/** Everything plans:validate checks, read from a schemas/ folder. */
export function loadSources(root: string): PlanSources {
  const json = (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8'));
  return {
    metaSchemas: {
      plan: json('plan.schema.json'),
      machine: json('machine.schema.json'),
      fixtures: json('fixtures.schema.json'),
      content: json('content.schema.json'),
    },
    common: readCommonDocuments(root),
    plans: Object.fromEntries(listPlanCodes(root).map((code) => [code, readPlanFiles(code, root)])),
  };
}
