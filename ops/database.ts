/**
 * The database for operator scripts (`npm run ops`, `npm run migrate`), found the way the server
 * finds it: DATABASE_URL, else the embedded database in DATA_DIR — the running server's when
 * `npm start` is up, otherwise started for the script alone (and migrated first, since no server
 * has done it, unless the script takes the database as it is: a backup copies what is there, a
 * restore needs it empty).
 */
import { type DataSource } from 'typeorm';
import { loadConfig } from '../api/config';
import { createDataSource } from '../api/db/dataSource';
import { startEmbeddedDatabase } from '../api/db/embedded';
import { runMigrationsLocked } from '../api/db/migrate';

export interface OpenDatabase {
  dataSource: DataSource;
  /** Migrations applied while opening (only when the embedded database was started here). */
  applied: string[];
  close(): Promise<void>;
}

export async function openDatabase({ migrate = true }: { migrate?: boolean } = {}): Promise<OpenDatabase> {
  const config = loadConfig();
  const running = config.databaseUrl ?? `postgres://postgres:postgres@127.0.0.1:${config.embeddedPgPort}/skinmarket`;
  // Two connections: the migration lock holds one while the migrations use another.
  let dataSource = createDataSource(running, { poolSize: 2 });
  try {
    await dataSource.initialize();
    return { dataSource, applied: [], close: () => dataSource.destroy() };
  } catch (error) {
    if (config.databaseUrl) throw error;
  }
  const embedded = await startEmbeddedDatabase({ dataDir: config.dataDir, port: config.embeddedPgPort, database: 'skinmarket' });
  dataSource = createDataSource(embedded.url, { poolSize: 2 });
  await dataSource.initialize();
  const applied = migrate ? await runMigrationsLocked(dataSource) : [];
  return {
    dataSource,
    applied,
    close: async () => {
      await dataSource.destroy();
      await embedded.stop();
    },
  };
}
