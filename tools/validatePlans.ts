import { DEFAULT_SCHEMAS_ROOT } from '../src/plans/nodePlanSource.ts';
import { loadSources } from './lib/loadSources.ts';
import { checkPlans, type Problem } from './lib/planChecks.ts';
import { problemLine } from './lib/problem.ts';

/*
 * npm run plans:validate [schemas-root] — checks every plan: plan.json against the
 * meta-schema, every reference resolves, strict ajv compile of every step schema, uiSchema
 * keys, machine targets, guards and actions, every condition's scope and schema, the step ids
 * plan.json and the machine name, the basis and the copy against plan.json, every fixture's
 * exact errors, and that each plan's fixture journey prices. Each problem is printed as `schemas/<file>:<line> <pointer>:
 * <message>`, at the file that writes the value. Exits 1 on any problem.
 */
const root = process.argv[2] ?? DEFAULT_SCHEMAS_ROOT;
let problems: Problem[];
try {
  const sources = loadSources(root);
  problems = checkPlans(sources);
  if (problems.length === 0) {
    const codes = Object.keys(sources.plans);
    console.log(`plans:validate: ${codes.length} plan(s) valid (${codes.join(', ')})`);
  }
} catch (error) {
  console.error(`plans:validate: cannot check ${root}: ${(error as Error).message}`);
  process.exit(1);
}
for (const p of problems) console.error(problemLine(p, 'schemas/'));
if (problems.length) {
  console.error(`plans:validate: ${problems.length} problem(s)`);
  process.exit(1);
}
