/**
 * `npm run ops -- backup` and `restore`, with PostgreSQL's own tools: pg_dump in its custom format
 * (compressed, one consistent snapshot of a live database) and pg_restore into an empty database.
 * The tools are taken from PG_BIN_DIR, else from PATH. A pg_dump older than the server refuses to
 * dump it, and an older pg_restore may not know what a newer server's dump holds, so both must be
 * at least the server's major version: checked first, with what to install when they are not.
 */
import { execFile } from 'node:child_process';
import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { type DataSource } from 'typeorm';

const execFileAsync = promisify(execFile);

type PgTool = 'pg_dump' | 'pg_restore';

/** `skinmarket-20261126T033000Z.dump` (UTC): the name the backup CronJob gives its copies too. */
export function backupFileName(now = new Date()): string {
  return `skinmarket-${now.toISOString().replace(/\.\d+Z$/, 'Z').replace(/[-:]/g, '')}.dump`;
}

async function serverMajor(dataSource: DataSource): Promise<number> {
  const [row] = (await dataSource.query(`SELECT current_setting('server_version_num')::int / 10000 AS major`)) as Array<{ major: number }>;
  return row!.major;
}

const howToGet = (major: number) =>
  `install postgresql-client-${major} (from apt.postgresql.org on Debian or Ubuntu) or use the official postgres:${major} image, and set PG_BIN_DIR to its bin directory unless it is first on PATH`;

/** The tool's path, once its major version is known to be at least the server's. */
async function toolFor(tool: PgTool, dataSource: DataSource): Promise<string> {
  const major = await serverMajor(dataSource);
  const binDir = process.env.PG_BIN_DIR;
  const command = binDir ? path.join(binDir, tool) : tool;
  let version: string;
  try {
    version = (await execFileAsync(command, ['--version'])).stdout.trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(`cannot run ${command}: ${(error as Error).message}`);
    throw new Error(`${tool} not found (${binDir ? `PG_BIN_DIR=${binDir}` : 'on PATH'}); the PostgreSQL ${major} server needs ${tool} ${major} or newer: ${howToGet(major)}`);
  }
  const clientMajor = Number(/\(PostgreSQL\) (\d+)/.exec(version)?.[1]);
  if (!clientMajor) throw new Error(`cannot tell the version of ${command} from "${version}"`);
  if (clientMajor < major) {
    throw new Error(`${command} is version ${clientMajor}, older than the PostgreSQL ${major} server: it needs ${tool} ${major} or newer; ${howToGet(major)}`);
  }
  return command;
}

/**
 * How a tool reaches the DataSource's database: the URL as libpq reads it, with the password moved
 * into the tool's environment, since a command line is visible to every user of the machine.
 */
function connectionOf(dataSource: DataSource): { dbname: string; env: NodeJS.ProcessEnv } {
  // ops/database.ts opens every DataSource of the commands by URL.
  const url = new URL((dataSource.options as { url: string }).url);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}), PGAPPNAME: 'skinmarket-ops' } };
}

/** Runs a tool; a failure becomes an error with the tool's own first error line. */
async function runTool(command: string, args: string[], env?: NodeJS.ProcessEnv): Promise<string> {
  try {
    return (await execFileAsync(command, args, { env, maxBuffer: 64 * 1024 * 1024 })).stdout;
  } catch (error) {
    const said = String((error as { stderr?: string }).stderr ?? '')
      .split('\n')
      .map((text) => text.trim())
      .filter(Boolean);
    throw new Error(`${path.basename(command)} failed: ${said.find((text) => /error:/.test(text)) ?? said.at(-1) ?? (error as Error).message}`);
  }
}

/**
 * Writes a backup to `target`, or into it under backupFileName() when it is a directory; answers the
 * file. Written beside it as FILE.partial and renamed when complete, so that a file of that name is
 * always a whole backup; an existing file is never overwritten.
 */
export async function backupDatabase(dataSource: DataSource, target: string): Promise<{ file: string; bytes: number }> {
  const file = statSync(target, { throwIfNoEntry: false })?.isDirectory() ? path.join(target, backupFileName()) : target;
  if (existsSync(file)) throw new Error(`${file} already exists; name a new file`);
  const pgDump = await toolFor('pg_dump', dataSource);
  const { dbname, env } = connectionOf(dataSource);
  const partial = `${file}.partial`;
  try {
    await runTool(pgDump, ['--format=custom', '--no-password', `--file=${partial}`, `--dbname=${dbname}`], env);
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
  return { file, bytes: statSync(file).size };
}

/** Relations of the database outside PostgreSQL's own schemas and extensions (a few, by name). */
async function relationsIn(dataSource: DataSource): Promise<string[]> {
  const rows = (await dataSource.query(
    `SELECT n.nspname || '.' || c.relname AS name
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
       AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_toast%'
       AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')
     ORDER BY 1 LIMIT 3`,
  )) as Array<{ name: string }>;
  return rows.map((row) => row.name);
}

/**
 * Restores a backup into the DataSource's database, which must be empty: restoring over tables
 * would mix two states of the ledger. One transaction, stopping at the first error, so a failed
 * restore leaves the database empty. Objects belong to the connecting role, grants are left out:
 * roles differ from one server to another.
 */
export async function restoreDatabase(dataSource: DataSource, file: string): Promise<void> {
  if (!statSync(file, { throwIfNoEntry: false })?.isFile()) throw new Error(`${file} is not a file`);
  const pgRestore = await toolFor('pg_restore', dataSource);
  // Reads the archive's table of contents: a truncated or foreign file is refused before anything is written.
  await runTool(pgRestore, ['--list', file]);
  const present = await relationsIn(dataSource);
  if (present.length) {
    throw new Error(`the database is not empty (it has ${present.join(', ')}${present.length === 3 ? ', …' : ''}); restore into a new, empty database`);
  }
  const { dbname, env } = connectionOf(dataSource);
  await runTool(pgRestore, ['--exit-on-error', '--single-transaction', '--no-owner', '--no-privileges', '--no-password', `--dbname=${dbname}`, file], env);
}
