/**
 * A bulk load the way PostgreSQL advises: with the tables' secondary indexes and foreign keys
 * dropped, and rebuilt once the rows are in. One index build sorts the rows once, where a million
 * index insertions each walk the index; one validating join replaces a million key lookups.
 * Indexes backing constraints (primary keys, unique constraints) stay. Into empty tables the rows
 * go frozen (COPY … FREEZE), so nothing has to visit them again after the commit.
 *
 * Only for a seed that owns the database: it locks the tables until the transaction commits.
 */
import { type EntityManager } from 'typeorm';

/** Each phase's duration in milliseconds, in the order they ran. */
export type Phases = Record<string, number>;

export async function timed<T>(phases: Phases, name: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    phases[name] = Math.round((phases[name] ?? 0) + performance.now() - started);
  }
}

/**
 * Memory for the index builds: a million rows' sort stays in memory, and is shared out among
 * PostgreSQL's parallel workers (max_parallel_maintenance_workers; each needs 32 MB at least).
 */
const MAINTENANCE_WORK_MEM = '1GB';

interface Definition {
  name: string;
  definition: string;
}

const secondaryIndexes = (manager: EntityManager, tables: string[]) =>
  manager.query(
    `SELECT x.indexrelid::regclass::text AS name, pg_get_indexdef(x.indexrelid) AS definition, pg_relation_size(x.indexrelid)::text AS size
     FROM pg_index x
     WHERE x.indrelid = ANY($1::regclass[]) AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)
     ORDER BY 1`,
    [tables],
  ) as Promise<Array<Definition & { size: string }>>;

/**
 * Truncates the tables when they and every table referencing them are empty (a first start's seed
 * finds them so), which lets the load's COPYs write their rows frozen: visible to every later
 * transaction and their pages all-visible at once. Rows loaded otherwise are set so by the first
 * reads and by a VACUUM, each rewriting every page (with data checksums, into the WAL as well),
 * and index-only scans wait for that VACUUM. Answers whether the tables were truncated.
 */
async function truncateIfEmpty(manager: EntityManager, tables: string[]): Promise<boolean> {
  const related = (await manager.query(
    `WITH RECURSIVE related(oid) AS (
       SELECT unnest($1::regclass[])::oid
       UNION SELECT c.conrelid FROM pg_constraint c JOIN related r ON c.confrelid = r.oid WHERE c.contype = 'f')
     SELECT oid::regclass::text AS name FROM related`,
    [tables],
  )) as Array<{ name: string }>;
  for (const { name } of related) {
    const [{ taken }] = (await manager.query(`SELECT EXISTS (SELECT FROM ${name}) AS taken`)) as [{ taken: boolean }];
    if (taken) return false;
  }
  await manager.query(`TRUNCATE ${related.map(({ name }) => name).join(', ')}`);
  return true;
}

/**
 * Loads rows into the tables in bulk, in the manager's transaction. `probe` writes the load's first
 * few rows with every index in place: an index they did not enter (it did not grow: a partial index
 * whose condition the rows fail) stays, as keeping it costs a condition test per row where
 * rebuilding it costs a scan of the whole table. Then the others and the foreign keys are dropped,
 * `load` writes the rest, and they are rebuilt from their own definitions; each build's duration
 * lands in `phases`. Both write with COPY … FREEZE when `freeze` says so (see truncateIfEmpty).
 */
export async function bulkLoad(
  manager: EntityManager,
  p: { tables: string[]; phases: Phases; probe: (freeze: boolean) => Promise<void>; load: (freeze: boolean) => Promise<void> },
): Promise<void> {
  // The index builds outlast the pool's statement limit, which is meant for requests.
  await manager.query('SET LOCAL statement_timeout = 0');
  const freeze = await truncateIfEmpty(manager, p.tables);
  const sizes = new Map((await secondaryIndexes(manager, p.tables)).map((index) => [index.name, index.size]));
  await timed(p.phases, 'probe', () => p.probe(freeze));
  const indexes = (await secondaryIndexes(manager, p.tables)).filter((index) => index.size !== sizes.get(index.name));
  const foreignKeys = (await manager.query(
    `SELECT conrelid::regclass::text AS table, format('%I', conname) AS name, pg_get_constraintdef(oid) AS definition
     FROM pg_constraint WHERE contype = 'f' AND conrelid = ANY($1::regclass[]) ORDER BY 1, 2`,
    [p.tables],
  )) as Array<Definition & { table: string }>;
  await timed(p.phases, 'drop', async () => {
    for (const key of foreignKeys) await manager.query(`ALTER TABLE ${key.table} DROP CONSTRAINT ${key.name}`);
    for (const index of indexes) await manager.query(`DROP INDEX ${index.name}`);
  });
  await p.load(freeze);
  await manager.query(`SET LOCAL maintenance_work_mem = '${MAINTENANCE_WORK_MEM}'`);
  for (const index of indexes) await timed(p.phases, `index ${index.name}`, () => manager.query(index.definition));
  for (const key of foreignKeys) {
    await timed(p.phases, `foreign key ${key.name}`, () => manager.query(`ALTER TABLE ${key.table} ADD CONSTRAINT ${key.name} ${key.definition}`));
  }
}
