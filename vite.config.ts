import { readFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './tools/precompress.ts';
import type { PlanConfig } from './engine/plan/types.ts';
import { planSummary } from './src/plans/planSummary.ts';

/** Brotli and gzip copies of the build beside each file, served by the server as they are. */
function precompressBuild(): Plugin {
  return {
    name: 'bimaflow-precompress',
    apply: 'build',
    closeBundle() {
      const written = precompress(resolve(import.meta.dirname, 'dist/app'));
      const total = (key: 'bytes' | 'brotli') => written.reduce((sum, file) => sum + file[key], 0);
      this.info(
        `precompressed ${written.length} files: ${total('bytes')} bytes -> ${total('brotli')} (brotli)`,
      );
    },
  };
}

/**
 * RJSF's markdown parser replaced by plain text (engine/form/plainMarkdown.tsx): no plan asks
 * for markdown (plans:validate refuses it), and the parser is the largest part of the form
 * runtime a phone downloads first. Tests use the same alias (vitest.config.ts).
 */
export const PLAIN_MARKDOWN = [
  {
    find: /^markdown-to-jsx\/react$/,
    replacement: resolve(import.meta.dirname, 'engine/form/plainMarkdown.tsx'),
  },
];

/**
 * RJSF's URI library answered by the platform's URL (engine/schema/uriResolver.ts): only the
 * import made by @rjsf/utils, so ajv keeps fast-uri wherever it compiles (server, tools, tests).
 */
export function platformUriForRjsf(): Plugin {
  const shim = resolve(import.meta.dirname, 'engine/schema/uriResolver.ts');
  return {
    name: 'bimaflow-rjsf-uri',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === 'fast-uri' && importer?.includes('/@rjsf/utils/') ? shim : null;
    },
  };
}

/**
 * `plan.json?summary`: the few fields of a plan the site needs before the plan's chunk
 * (src/plans/planSummary.ts), as a module of its own in the entry; the full plan.json is
 * in the plan's chunk.
 */
function planSummaries(): Plugin {
  const PREFIX = '\0bimaflow-plan-summary:';
  const files = new Map<string, string>();
  return {
    name: 'bimaflow-plan-summary',
    enforce: 'pre',
    resolveId(source, importer) {
      const match = /^(.*\/plan\.json)\?summary$/.exec(source);
      if (!match || !importer) return null;
      const file = resolve(dirname(importer), match[1]!);
      const id = `${PREFIX}${basename(dirname(file))}`;
      files.set(id, file);
      return id;
    },
    load(id) {
      const file = files.get(id);
      if (!file) return null;
      this.addWatchFile(file);
      const summary = planSummary(JSON.parse(readFileSync(file, 'utf8')) as PlanConfig);
      return `export default ${JSON.stringify(summary)};`;
    },
  };
}

// The SPA is one bundle for the shell plus one lazily loaded chunk per plan
// (the plan registry uses import.meta.glob, so each plan's JSON is split out).
export default defineConfig({
  plugins: [react(), platformUriForRjsf(), planSummaries(), precompressBuild()],
  root: 'src/app',
  publicDir: false,
  resolve: { alias: PLAIN_MARKDOWN },
  build: {
    outDir: '../../dist/app',
    emptyOutDir: true,
    // No public source maps in production bundles.
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // Everything of one plan but the validators of its later forms (loaded after
              // the first step is usable); its summary is a module of its own, in the entry.
              debugName: 'plan-data',
              name: (id: string) =>
                /schemas\/plans\/([^/]+)\/(?!validators\.later\.generated\.js$)/
                  .exec(id)?.[1]
                  ?.replace(/^/, 'plan-') ?? null,
            },
            {
              debugName: 'plan-forms',
              name: (id: string) =>
                /schemas\/plans\/([^/]+)\/validators\.later\.generated\.js$/
                  .exec(id)?.[1]
                  ?.replace(/^/, 'forms-') ?? null,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/healthz': 'http://localhost:8080',
      '/buyonlineoauth': 'http://localhost:8080',
      '/proposal_service': 'http://localhost:8080',
      '/payu-sandbox': 'http://localhost:8080',
    },
  },
});
