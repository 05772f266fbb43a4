import { defineConfig } from 'vitest/config';

// Three projects: `unit` needs nothing but Node; `api` runs against a real PostgreSQL that
// api/test/globalSetup.ts provides (a migrated template per run, cloned for each file; never the
// demo data); `cluster` runs real server processes behind nginx, each file on a PostgreSQL of its
// own (ops/cluster/cluster.ts).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['shared/**/*.test.ts', 'api/**/*.test.ts', 'pwa/src/**/*.test.{ts,tsx}', 'ops/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', 'ops/cluster/**', 'node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['api/**/*.int.test.ts', 'ops/**/*.int.test.ts'],
          exclude: ['ops/cluster/**', 'node_modules/**'],
          environment: 'node',
          globalSetup: ['api/test/globalSetup.ts'],
          // Two files at a time, even on two cores: they mostly wait on PostgreSQL and child
          // processes (ADR 0080). Each file clones a database of its own (api/test/fileSetup.ts).
          maxWorkers: 2,
          setupFiles: ['reflect-metadata', 'api/test/fileSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'cluster',
          include: ['ops/cluster/**/*.test.ts'],
          environment: 'node',
          // Each file starts several processes: one file at a time on a small machine.
          fileParallelism: false,
          testTimeout: 60_000,
          // Starting (and stopping) a cluster takes up to minutes on a busy machine.
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
