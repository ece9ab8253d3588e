import { fileURLToPath } from 'node:url';
import type { InlineConfig, Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';

/** A step as the reference page renders it: its bundled schema and a stock-only uiSchema. */
export interface ReferenceStep {
  schema: RJSFSchema;
  uiSchema: UiSchema;
}

const VIRTUAL = 'virtual:reference-steps';

/** Puts the steps (dumped by bench/lib/reference.ts) into the page as a module. */
function referenceSteps(steps: Record<string, ReferenceStep>, liveValidate: boolean): Plugin {
  return {
    name: 'reference-steps',
    resolveId: (id) => (id === VIRTUAL ? `\0${VIRTUAL}` : null),
    load: (id) =>
      id === `\0${VIRTUAL}`
        ? `export const steps = ${JSON.stringify(steps)};\nexport const liveValidate = ${liveValidate};\n`
        : null,
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
): InlineConfig {
  return {
    configFile: false,
    root: fileURLToPath(new URL('.', import.meta.url)),
    publicDir: false,
    logLevel: 'warn',
    plugins: [react(), referenceSteps(steps, liveValidate)],
    // One chunk carrying rjsf and ajv is what this page is; Vite's size warning is noise here.
    build: { outDir, emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 4096 },
  };
}
