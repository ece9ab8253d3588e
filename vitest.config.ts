import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { PLAIN_MARKDOWN, rjsfDefaults } from './vite.config.ts';

export default defineConfig({
  plugins: [react(), rjsfDefaults()],
  resolve: { alias: PLAIN_MARKDOWN },
  test: {
    // RJSF's core is run through the plugins above (rjsfDefaults), as the build does.
    server: { deps: { inline: [/@rjsf\/core/] } },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.{ts,tsx}'],
          environment: 'node',
          // Each file builds the server and opens a database (PGlite, or PostgreSQL when
          // TEST_DATABASE_URL is set) in its hooks: 10 s is not enough on a busy machine.
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
