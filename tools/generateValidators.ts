import { DEFAULT_SCHEMAS_ROOT } from '../src/plans/nodePlanSource.ts';
import { writeGeneratedValidators } from './lib/generatedValidators.ts';

/*
 * npm run validators [schemas-root] — writes each plan folder's validators.generated.js: the
 * precompiled validators of its steps, popups and machine conditions that the browser uses
 * (no ajv compiler, no eval). `npm run build` runs it first; plans:validate fails when a
 * generated file is stale.
 */
const root = process.argv[2] ?? DEFAULT_SCHEMAS_ROOT;
for (const { folder, bytes } of writeGeneratedValidators(root)) {
  console.log(`validators: plans/${folder} (${bytes} bytes)`);
}
