/**
 * `npm run migrate`: applies pending migrations to the configured database and exits, under the
 * advisory lock the server also takes at start (api/db/migrate.ts), so it is safe beside starting
 * servers. Deployments can run it once before rolling out new processes.
 */
import { runMigrationsLocked } from '../api/db/migrate';
import { openDatabase } from './database';

try {
  const database = await openDatabase();
  try {
    const applied = [...database.applied, ...(await runMigrationsLocked(database.dataSource))];
    console.log(applied.length ? `Applied ${applied.length} migration(s): ${applied.join(', ')}` : 'The database is up to date.');
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(`migrate: ${(error as Error).message}`);
  process.exitCode = 1;
}
