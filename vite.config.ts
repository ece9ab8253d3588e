import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The SPA is one bundle for the shell plus one lazily loaded chunk per plan
// (the plan registry uses import.meta.glob, so each plan's JSON is split out).
export default defineConfig({
  plugins: [react()],
  root: 'src/app',
  publicDir: false,
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
    },
  },
});
