/**
 * Vitest global setup for the API integration project: one fresh, migrated database per run,
 * handed to the test files with `inject('databaseUrl')`, dropped at the end.
 */
import { type TestProject } from 'vitest/node';
import { createDataSource } from '../db/dataSource';
import { runMigrationsLocked } from '../db/migrate';
import { startTestPostgres } from '../../ops/testDatabase';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const postgres = await startTestPostgres();
  const databaseUrl = await postgres.createDatabase('api');
  const dataSource = createDataSource(databaseUrl, { poolSize: 2 });
  await dataSource.initialize();
  await runMigrationsLocked(dataSource);
  await dataSource.destroy();
  project.provide('databaseUrl', databaseUrl);
  return async () => {
    await postgres.dropDatabase(databaseUrl);
    await postgres.stop();
  };
}
