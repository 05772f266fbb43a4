/**
 * Vitest global setup for the API integration project: one migrated template database per run,
 * which each test file clones for itself (api/test/database.ts); template and clones are dropped
 * at the end.
 */
import pg from 'pg';
import { type TestProject } from 'vitest/node';
import { createDataSource } from '../db/dataSource';
import { runMigrationsLocked } from '../db/migrate';
import { startTestPostgres } from '../../ops/testDatabase';
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
    const template = new URL(templateUrl).pathname.slice(1);
    const admin = new pg.Client({ connectionString: postgres.adminUrl });
    await admin.connect();
    try {
      const left = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE starts_with(datname, $1)", [clonePrefix(template)]);
      for (const { datname } of left.rows) await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(datname)} WITH (FORCE)`);
    } finally {
      await admin.end();
    }
    await postgres.dropDatabase(templateUrl);
    await postgres.stop();
  };
}
