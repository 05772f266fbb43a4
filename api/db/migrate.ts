/**
 * Runs pending migrations under a PostgreSQL advisory lock, so processes starting together on one
 * database (several API processes, `npm run migrate` beside a starting server) apply each migration
 * exactly once: the first to take the lock migrates, the others wait and then find nothing to do.
 */
import { type DataSource } from 'typeorm';
import { type Logger } from '../logger';

/** Arbitrary, fixed: every process of the product must use the same key. */
export const MIGRATION_LOCK_KEY = 7_195_300_001;
const POLL_MS = 200;
const DEFAULT_WAIT_MS = 5 * 60_000;

export interface MigrateOptions {
  /** How long to wait for another process's migrations before giving up. */
  waitMs?: number;
}

/** Applies pending migrations; answers the names of those this process applied. */
export async function runMigrationsLocked(dataSource: DataSource, logger?: Logger, { waitMs = DEFAULT_WAIT_MS }: MigrateOptions = {}): Promise<string[]> {
  // A session-level lock belongs to one connection: hold one for the whole run (the migrations use
  // others from the pool, so the pool needs at least two).
  const lockHolder = dataSource.createQueryRunner();
  await lockHolder.connect();
  try {
    // Polled with the try- variant rather than blocking, so the wait is bounded by us and not cut by
    // the pool's statement_timeout, and the operator sees why start-up pauses.
    const deadline = Date.now() + waitMs;
    let told = false;
    for (;;) {
      const [row] = (await lockHolder.query('SELECT pg_try_advisory_lock($1) AS locked', [MIGRATION_LOCK_KEY])) as Array<{ locked: boolean }>;
      if (row?.locked) break;
      if (Date.now() >= deadline) throw new Error(`another process has been migrating the database for over ${Math.round(waitMs / 1000)} s; not starting`);
      if (!told) logger?.info('waiting for another process to finish migrating the database');
      told = true;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    try {
      const applied = await dataSource.runMigrations({ transaction: 'each' });
      if (applied.length) logger?.info({ migrations: applied.map((migration) => migration.name) }, 'migrations applied');
      return applied.map((migration) => migration.name);
    } finally {
      await lockHolder.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await lockHolder.release();
  }
}
