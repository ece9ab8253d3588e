import { fileURLToPath } from 'node:url';
import type { InlineConfig, Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators';

/** A step as the reference page renders it: its bundled schema and a stock-only uiSchema. */
export interface ReferenceStep {
  schema: RJSFSchema;
  uiSchema: UiSchema;
}

/**
 * How the reference validates, the two ways rjsf documents (docs/usage/validation):
 * - `runtime`: `customizeValidator()` of @rjsf/validator-ajv8, AJV compiling each schema in
 *   the browser when the form first validates;
 * - `precompiled`: each schema compiled at build time by `compileSchemaValidators` (its
 *   code, `compileSchemaValidatorsCode`, the CommonJS module that function writes, with
 *   rjsf's default AJV options) and wrapped at run time by `createPrecompiledValidator`:
 *   no AJV compiler in the page.
 */
export type ReferenceValidator = 'runtime' | 'precompiled';

const STEPS = 'virtual:reference-steps';
const VALIDATOR = 'virtual:reference-validator';
const PRECOMPILED = 'virtual:reference-precompiled/';

/** Puts the steps (dumped by bench/lib/reference.ts) into the page as a module. */
function referenceSteps(steps: Record<string, ReferenceStep>, liveValidate: boolean): Plugin {
  return {
    name: 'reference-steps',
    resolveId: (id) => (id === STEPS ? `\0${STEPS}` : null),
    load: (id) =>
      id === `\0${STEPS}`
        ? `export const steps = ${JSON.stringify(steps)};\nexport const liveValidate = ${liveValidate};\n`
        : null,
  };
}

/**
 * `virtual:reference-validator`: `validatorFor(stepId)`, the page's validator of a step, made
 * the chosen way. For `precompiled`, each step's compiled module is `virtual:reference-precompiled/<n>`
 * (the generated CommonJS text as it is; its `require`s of AJV's runtime helpers resolve from
 * the repository's node_modules like any import of the page).
 */
function referenceValidator(steps: Record<string, ReferenceStep>, kind: ReferenceValidator): Plugin {
  const ids = Object.keys(steps);
  const compiled = new Map<string, string>();
  const source =
    kind === 'runtime'
      ? [
          `import { customizeValidator } from '@rjsf/validator-ajv8';`,
          `const validator = customizeValidator();`,
          `export const validatorFor = () => validator;`,
        ]
      : [
          `import { createPrecompiledValidator } from '@rjsf/validator-ajv8';`,
          `import { steps } from '${STEPS}';`,
          ...ids.map((_, n) => `import * as step${n} from '${PRECOMPILED}${n}';`),
          // A CommonJS module's exports come as the namespace's default in an ES build.
          `const functions = { ${ids.map((id, n) => `${JSON.stringify(id)}: step${n}.default ?? step${n}`).join(', ')} };`,
          `const made = {};`,
          `export const validatorFor = (id) => (made[id] ??= createPrecompiledValidator(functions[id], steps[id].schema));`,
        ];
  return {
    name: 'reference-validator',
    resolveId(id) {
      if (id === VALIDATOR || id.startsWith(PRECOMPILED)) return `\0${id}`;
      return null;
    },
    load(id) {
      if (id === `\0${VALIDATOR}`) return `${source.join('\n')}\n`;
      if (!id.startsWith(`\0${PRECOMPILED}`)) return null;
      const stepId = ids[Number(id.slice(PRECOMPILED.length + 1))]!;
      if (!compiled.has(stepId)) compiled.set(stepId, compileSchemaValidatorsCode(steps[stepId]!.schema));
      return compiled.get(stepId)!;
    },
  };
}

/**
 * The stock rjsf reference page: its own root (this folder), no bimaflow code, Vite's
 * defaults for a production build (one entry, no manual chunks).
 */
export function referenceConfig(
  outDir: string,
  steps: Record<string, ReferenceStep>,
  liveValidate: boolean,
  validator: ReferenceValidator = 'runtime',
): InlineConfig {
  return {
    configFile: false,
    root: fileURLToPath(new URL('.', import.meta.url)),
    publicDir: false,
    logLevel: 'warn',
    plugins: [react(), referenceSteps(steps, liveValidate), referenceValidator(steps, validator)],
    // One chunk carrying rjsf and ajv is what this page is; Vite's size warning is noise here.
    build: { outDir, emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 4096 },
  };
}
