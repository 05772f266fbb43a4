/**
 * Vitest global setup for the API integration project: one migrated template database per run,
 * which each test file clones for itself (api/test/database.ts); template and clones are dropped
 * at the end.
 */
import { type TestProject } from 'vitest/node';
import { createDataSource } from '../db/dataSource';
import { runMigrationsLocked } from '../db/migrate';
import { dropDatabasesStartingWith, startTestPostgres } from '../../ops/testDatabase';
import { clonePrefix } from './database';

export default async function setup(project: TestProject) {
  const postgres = await startTestPostgres();
  const templateUrl = await postgres.createDatabase('api');
  const dataSource = createDataSource(templateUrl, { poolSize: 2 });
  await dataSource.initialize();
  await runMigrationsLocked(dataSource);
  await dataSource.destroy();
  project.provide('templateDatabaseUrl', templateUrl);
  return async () => {
    await dropDatabasesStartingWith(postgres.adminUrl, clonePrefix(new URL(templateUrl).pathname.slice(1)));
    await postgres.dropDatabase(templateUrl);
    await postgres.stop();
  };
}
