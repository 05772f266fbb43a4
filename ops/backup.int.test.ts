/**
 * `npm run ops -- backup` and `restore`, the real CLI against a real PostgreSQL. pg_dump refuses a
 * server newer than itself, so the round trip runs on a private cluster of the PostgreSQL whose
 * server and client tools the machine has (Debian's postgresql-15, .ci/run installs it), started
 * here on a free port; the run's shared test server (PostgreSQL 18) shows the refusal of an older
 * pg_dump.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync, chmodSync, chownSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { type DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataSource } from '../api/db/dataSource';
import { runMigrationsLocked } from '../api/db/migrate';
import { expectLedgerInvariants } from '../api/test/ledgerInvariants';
import { buy, endHold, eventually, listItems, orderItemRow, signInBuyer, signInSeller, sweep } from '../api/test/selling';
import { startTestApp } from '../api/test/testApp';
import { backupFileName } from './backup';
import { freePort } from './freePort';
import { testDatabaseUrl } from '../api/test/database';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');

/** The newest PostgreSQL installed the Debian way with both its server and pg_dump. */
function debianPostgresBin(): string {
  const base = '/usr/lib/postgresql';
  const majors = existsSync(base) ? readdirSync(base).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a)) : [];
  const found = majors.map((major) => path.join(base, major, 'bin')).find((bin) => existsSync(path.join(bin, 'postgres')) && existsSync(path.join(bin, 'pg_dump')));
  if (!found) throw new Error(`no PostgreSQL server with pg_dump under ${base}: install Debian's postgresql package (.ci/run does)`);
  return found;
}

const PASSWORD = 'backup-test-pw';

/**
 * A private cluster in a temporary directory. initdb and the server refuse to run as root: as
 * root, they run as Debian's `postgres` user, which then owns the cluster's directory.
 */
async function startCluster(bin: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'skinmarket-backup-pg-'));
  const clusterDir = path.join(dir, 'cluster');
  const passwordFile = path.join(dir, 'password');
  mkdirSync(clusterDir);
  writeFileSync(passwordFile, PASSWORD);
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    chmodSync(dir, 0o711);
    chownSync(clusterDir, uid, gid);
    chownSync(passwordFile, uid, gid);
  }
  const pgTool = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]) : run(path.join(bin, tool), args);
  await pgTool('initdb', ['-D', clusterDir, '-U', 'postgres', `--pwfile=${passwordFile}`, '--auth=scram-sha-256', '--encoding=UTF8', '--locale=C']);
  const port = await freePort();
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${clusterDir} -c fsync=off`;
  await pgTool('pg_ctl', ['-D', clusterDir, '-o', options, '-l', path.join(clusterDir, 'server.log'), '-w', 'start']);
  const urlFor = (database: string) => `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/${database}`;
  return {
    dir,
    urlFor,
    async createDatabase(name: string) {
      const client = new pg.Client({ connectionString: urlFor('postgres') });
      await client.connect();
      await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`).finally(() => client.end());
      return urlFor(name);
    },
    async stop() {
      await pgTool('pg_ctl', ['-D', clusterDir, '-m', 'fast', '-w', 'stop']).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function ops(databaseUrl: string, binDir: string, ...args: string[]) {
  return run(process.execPath, ['--import', 'tsx', 'ops/cli.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, PG_BIN_DIR: binDir, LOG_LEVEL: 'silent' },
  });
}

/** Every table of the public schema with its row count and a digest of its rows. */
async function tableContents(dataSource: DataSource): Promise<Record<string, { rows: number; digest: string }>> {
  const tables = (await dataSource.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`)) as Array<{ tablename: string }>;
  const contents: Record<string, { rows: number; digest: string }> = {};
  for (const { tablename } of tables) {
    const table = pg.escapeIdentifier(tablename);
    const [row] = (await dataSource.query(`SELECT count(*)::int AS rows, md5(COALESCE(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM ${table} t`)) as Array<{
      rows: number;
      digest: string;
    }>;
    contents[tablename] = row!;
  }
  return contents;
}

const bin = debianPostgresBin();
let cluster: Awaited<ReturnType<typeof startCluster>>;
let sourceUrl: string;
let backups: string;

beforeAll(async () => {
  cluster = await startCluster(bin);
  sourceUrl = await cluster.createDatabase('market');
  const migrating = createDataSource(sourceUrl, { poolSize: 2 });
  await migrating.initialize();
  await runMigrationsLocked(migrating);
  await migrating.destroy();
  backups = path.join(cluster.dir, 'backups');
  mkdirSync(backups);

  // Market activity through the real app: a deposit, a listing, its purchase and the payout.
  const app = await startTestApp({ databaseUrl: sourceUrl, env: { SIM_TRADE_ACCEPT_MS: '150', TRADE_HOLD_MS: '1000' } });
  try {
    const seller = await signInSeller(app);
    const [listing] = await listItems(app, seller, 1, '12.34');
    const buyer = await signInBuyer(app, '50.00');
    const { orderItemId } = await buy(app, buyer, listing!.id);
    await endHold(app, listing!.id);
    const settled = await eventually(
      async () => {
        await sweep(app);
        return orderItemRow(app, orderItemId);
      },
      (item) => item.status === 'delivered',
    );
    expect(settled.status).toBe('delivered');
  } finally {
    await app.close();
  }
}, 60_000);

afterAll(async () => {
  await cluster?.stop();
});

describe('npm run ops -- backup and restore', () => {
  it('backs up a database with market activity and restores it, whole, into an empty one', { timeout: 60_000 }, async () => {
    const backedUp = await ops(sourceUrl, bin, 'backup', backups);
    const [file, ...others] = readdirSync(backups);
    expect(others, 'one file, no .partial left').toEqual([]);
    expect(file).toMatch(/^skinmarket-\d{8}T\d{6}Z\.dump$/);
    expect(backedUp.stdout).toContain(`Backed up the database to ${path.join(backups, file!)}`);
    // A second backup under the same name is refused, the first left as it was.
    await expect(ops(sourceUrl, bin, 'backup', path.join(backups, file!))).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('already exists') });

    const targetUrl = await cluster.createDatabase('restored');
    expect((await ops(targetUrl, bin, 'restore', path.join(backups, file!))).stdout).toContain('Restored');

    const source = createDataSource(sourceUrl, { poolSize: 2 });
    const target = createDataSource(targetUrl, { poolSize: 2 });
    await Promise.all([source.initialize(), target.initialize()]);
    try {
      const before = await tableContents(source);
      expect(before.ledger_entries!.rows).toBeGreaterThan(0);
      expect(before.order_items!.rows).toBe(1);
      expect(await tableContents(target)).toEqual(before);
      await expectLedgerInvariants(target);
      expect(await runMigrationsLocked(target), 'the restored database knows its migrations').toEqual([]);

      // Restoring again, over the restored tables, is refused and changes nothing.
      await expect(ops(targetUrl, bin, 'restore', path.join(backups, file!))).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringMatching(/^ops restore: the database is not empty \(it has public\.\w+/),
      });
      expect(await tableContents(target)).toEqual(before);
    } finally {
      await Promise.all([source.destroy(), target.destroy()]);
    }
  });

  it('refuses a pg_dump older than the server, saying which one it needs', { timeout: 30_000 }, async (context) => {
    const client = Number(/\(PostgreSQL\) (\d+)/.exec(execFileSync(path.join(bin, 'pg_dump'), ['--version'], { encoding: 'utf8' }))![1]);
    const server = new pg.Client({ connectionString: testDatabaseUrl() });
    await server.connect();
    const { rows } = await server.query<{ major: number }>(`SELECT current_setting('server_version_num')::int / 10000 AS major`).finally(() => server.end());
    const serverMajor = rows[0]!.major;
    // The run's test server is PostgreSQL 18 unless the machine gives one of its own.
    if (serverMajor <= client) return context.skip();

    const file = path.join(cluster.dir, 'refused.dump');
    const refused = ops(testDatabaseUrl(), bin, 'backup', file);
    await expect(refused).rejects.toMatchObject({ code: 1 });
    const { stderr } = (await refused.catch((error: unknown) => error)) as { stderr: string };
    expect(stderr.trim().split('\n')).toEqual([
      `ops backup: ${path.join(bin, 'pg_dump')} is version ${client}, older than the PostgreSQL ${serverMajor} server: it needs pg_dump ${serverMajor} or newer; ` +
        `install postgresql-client-${serverMajor} (from apt.postgresql.org on Debian or Ubuntu) or use the official postgres:${serverMajor} image, and set PG_BIN_DIR to its bin directory unless it is first on PATH`,
    ]);
    expect(existsSync(file) || existsSync(`${file}.partial`)).toBe(false);
  });

  it('names backups by their UTC time, as the backup CronJob does', () => {
    expect(backupFileName(new Date('2026-11-26T03:30:07.123Z'))).toBe('skinmarket-20261126T033007Z.dump');
  });
});
