/**
 * PostgreSQL for the test suites: every run gets fresh databases (never the demo data). With
 * DATABASE_URL set, they are created on that server; otherwise on an embedded test cluster under
 * .data/test-pg, separate from the demo's. TEST_PG_ADMIN_URL passes the server on to child
 * processes (Vitest, the end-to-end server) so one `npm test` starts it once.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedDatabase } from '../api/db/embedded';

const root = path.resolve(import.meta.dirname, '..');
const TEST_DB_PREFIX = 'sm_test_';

export interface TestPostgres {
  /** URL of the maintenance database, for creating and dropping test databases. */
  adminUrl: string;
  createDatabase(label: string): Promise<string>;
  dropDatabase(url: string): Promise<void>;
  stop(): Promise<void>;
}

/** `url` with its database replaced by `database`. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function admin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Drops the database `url` names, whoever is still connected to it. */
export async function dropDatabaseAt(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  await admin(withDatabase(url, 'postgres'), (client) => client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`));
}

/** Drops every database whose name starts with `prefix` (what an interrupted run left). */
export async function dropDatabasesStartingWith(adminUrl: string, prefix: string): Promise<void> {
  await admin(adminUrl, async (client) => {
    const left = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [prefix]);
    for (const { datname } of left.rows) await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(datname)} WITH (FORCE)`);
  });
}

/** A copy of the database `templateUrl` names, called `name` (nothing may be connected to the template); its URL. */
export async function copyDatabase(templateUrl: string, name: string): Promise<string> {
  const template = new URL(templateUrl).pathname.slice(1);
  await admin(withDatabase(templateUrl, 'postgres'), (client) =>
    client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)} TEMPLATE ${pg.escapeIdentifier(template)}`),
  );
  return withDatabase(templateUrl, name);
}

function api(adminUrl: string, stop: () => Promise<void>): TestPostgres {
  return {
    adminUrl,
    async createDatabase(label) {
      const name = `${TEST_DB_PREFIX}${label}_${Date.now()}_${randomBytes(3).toString('hex')}`;
      await admin(adminUrl, (client) => client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`));
      return withDatabase(adminUrl, name);
    },
    dropDatabase: dropDatabaseAt,
    stop,
  };
}

/** Uses TEST_PG_ADMIN_URL or DATABASE_URL's server when given, else starts the embedded test cluster. */
export async function startTestPostgres(): Promise<TestPostgres> {
  const given = process.env.TEST_PG_ADMIN_URL ?? (process.env.DATABASE_URL ? withDatabase(process.env.DATABASE_URL, 'postgres') : undefined);
  if (given) return api(given, async () => undefined);
  const embedded = await startEmbeddedDatabase({
    dataDir: path.join(root, '.data/test-pg'),
    port: Number(process.env.TEST_PG_PORT ?? 54339),
    database: 'postgres',
  });
  const adminUrl = embedded.urlFor('postgres');
  // Databases left by an interrupted earlier run on this private cluster.
  await dropDatabasesStartingWith(adminUrl, TEST_DB_PREFIX);
  return api(adminUrl, () => embedded.stop());
}
