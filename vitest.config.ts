import { defineConfig } from 'vitest/config';

// Two projects: `unit` needs nothing but Node; `api` runs against a real PostgreSQL that
// api/test/globalSetup.ts provides (a fresh database per run, never the demo data).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['shared/**/*.test.ts', 'api/**/*.test.ts', 'pwa/src/**/*.test.{ts,tsx}', 'ops/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', 'node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['api/**/*.int.test.ts', 'ops/**/*.int.test.ts'],
          environment: 'node',
          globalSetup: ['api/test/globalSetup.ts'],
          setupFiles: ['reflect-metadata', 'api/test/afterEachInvariants.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
