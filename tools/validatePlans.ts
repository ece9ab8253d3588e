import { DEFAULT_SCHEMAS_ROOT } from '../src/plans/nodePlanSource.ts';
import { loadSources } from './lib/loadSources.ts';
import { checkPlans, type Problem } from './lib/planChecks.ts';

/*
 * npm run plans:validate [schemas-root] — checks every plan: plan.json against the
 * meta-schema, strict ajv compile of every step schema, uiSchema keys, machine targets,
 * guards and actions, and every fixture's exact errors. Exits 1 on any problem.
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
  problems = [{ file: root, where: '/', message: (error as Error).message }];
}
for (const p of problems) console.error(`schemas/${p.file} ${p.where}: ${p.message}`);
if (problems.length) {
  console.error(`plans:validate: ${problems.length} problem(s)`);
  process.exit(1);
}
