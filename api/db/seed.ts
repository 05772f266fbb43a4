/**
 * The demo seed mechanism: named seeders, each applied once per database, inside one transaction
 * together with its record in `seed_runs`. An advisory lock makes concurrent starts (several API
 * processes) seed exactly once. Demo seeders live with the simulators (api/dev).
 */
import { type DataSource, type EntityManager } from 'typeorm';
import { type Config } from '../config';
import { type Logger } from '../logger';

export interface SeedContext {
  config: Config;
  logger: Logger;
}

export interface Seeder {
  /** Unique and stable: renaming a seeder makes it run again. */
  name: string;
  run(manager: EntityManager, context: SeedContext): Promise<void>;
}

const SEED_LOCK_ID = 7_301_001;

/** Applies the seeders not yet recorded; returns the names applied now. */
export async function runSeeders(dataSource: DataSource, seeders: Seeder[], context: SeedContext): Promise<string[]> {
  const applied: string[] = [];
  for (const seeder of seeders) {
    const ran = await dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_ID]);
      const [done] = await manager.query('SELECT 1 FROM seed_runs WHERE name = $1', [seeder.name]);
      if (done) return false;
      await seeder.run(manager, context);
      await manager.query('INSERT INTO seed_runs (name) VALUES ($1)', [seeder.name]);
      return true;
    });
    if (ran) {
      applied.push(seeder.name);
      context.logger.info({ seeder: seeder.name }, 'demo seed applied');
    }
  }
  return applied;
}
