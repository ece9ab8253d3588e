import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './tools/precompress.ts';

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

// The SPA is one bundle for the shell plus one lazily loaded chunk per plan
// (the plan registry uses import.meta.glob, so each plan's JSON is split out).
export default defineConfig({
  plugins: [react(), precompressBuild()],
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
              // Everything of one plan but its plan.json (which the catalogue needs eagerly).
              debugName: 'plan-data',
              name: (id: string) =>
                /schemas\/plans\/([^/]+)\/(?!plan\.json$)/.exec(id)?.[1]?.replace(/^/, 'plan-') ?? null,
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
