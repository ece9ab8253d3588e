import { parseArgs } from 'node:util';
import { DEFAULT_SCHEMAS_ROOT } from '../src/plans/nodePlanSource.ts';
import { writeGeneratedValidators } from './lib/generatedValidators.ts';
import { loadSources } from './lib/loadSources.ts';
import { checkPlans } from './lib/planChecks.ts';
import { problemLine } from './lib/problem.ts';
import { scaffoldPlan } from './lib/scaffoldPlan.ts';

/*
 * npm run plans:new -- --from T64 --code T98 [--name "…"] [--uin 143N098V01] [--slug …] [--root schemas]
 * Makes schemas/plans/T98 from T64 (its own files only), writes its validators and checks it.
 */
const { values } = parseArgs({
  options: {
    from: { type: 'string' },
    code: { type: 'string' },
    name: { type: 'string' },
    uin: { type: 'string' },
    slug: { type: 'string' },
    root: { type: 'string', default: DEFAULT_SCHEMAS_ROOT },
  },
});
if (!values.from || !values.code) {
  console.error('usage: npm run plans:new -- --from <CODE> --code <NEW> [--name "…"] [--uin …] [--slug …]');
  process.exit(2);
}
try {
  const made = await scaffoldPlan({ ...values, root: values.root!, from: values.from, code: values.code });
  writeGeneratedValidators(values.root!, [values.code]);
  // The new plan's problems: in its folder, or in a shared file as composed for it.
  const own = `plans/${values.code}/`;
  const problems = checkPlans(loadSources(values.root!)).filter(
    (p) => p.file.startsWith(own) || p.composed?.startsWith(own),
  );
  for (const file of made.files) console.log(`plans:new: wrote schemas/${file}`);
  for (const note of made.notes) console.log(`plans:new: ${note}`);
  for (const p of problems) console.error(problemLine(p, 'schemas/'));
  if (problems.length) process.exit(1);
  console.log(
    `plans:new: ${values.code} is valid; it is on the catalogue once the app is built (npm run build).`,
  );
} catch (error) {
  console.error(`plans:new: ${(error as Error).message}`);
  process.exit(1);
}
