/**
 * Migrations under the advisory lock: processes starting together on a fresh database all succeed
 * and each migration is applied exactly once.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createDataSource } from './dataSource';
import { MIGRATION_LOCK_KEY, runMigrationsLocked } from './migrate';
import { migrations } from './migrations';
import { testDatabaseUrl } from '../test/database';

const root = path.resolve(import.meta.dirname, '../..');
const created: string[] = [];

async function onServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const adminUrl = new URL(testDatabaseUrl());
  adminUrl.pathname = '/postgres';
  const client = new pg.Client({ connectionString: adminUrl.toString() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** An empty database of its own on the test server. */
async function freshDatabase(): Promise<string> {
  const name = `sm_test_migrate_${randomBytes(4).toString('hex')}`;
  await onServer((client) => client.query(`CREATE DATABASE ${name}`));
  created.push(name);
  const url = new URL(testDatabaseUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

afterAll(async () => {
  for (const name of created) await onServer((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
});

async function appliedMigrationNames(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ name: string }>('SELECT name FROM typeorm_migrations ORDER BY id')).rows.map((row) => row.name);
  } finally {
    await client.end();
  }
}

const allNames = () => migrations.map((migration) => (migration as unknown as { name: string }).name).sort();

describe('runMigrationsLocked', () => {
  it('lets two processes migrate one fresh database at once: both succeed, each migration applied once', async () => {
    const url = await freshDatabase();
    const first = createDataSource(url, { poolSize: 2 });
    const second = createDataSource(url, { poolSize: 2 });
    await Promise.all([first.initialize(), second.initialize()]);
    try {
      const [byFirst, bySecond] = await Promise.all([runMigrationsLocked(first), runMigrationsLocked(second)]);
      // One of them did all the work; the other waited and found nothing left.
      expect([byFirst.length, bySecond.length].sort((a, b) => a - b)).toEqual([0, migrations.length]);
      const names = await appliedMigrationNames(url);
      expect(names).toHaveLength(migrations.length);
      expect([...names].sort()).toEqual(allNames());
      expect(await runMigrationsLocked(first)).toEqual([]);
    } finally {
      await Promise.all([first.destroy(), second.destroy()]);
    }
  });

  it('gives up after the wait it was allowed while another process holds the lock', async () => {
    const url = await freshDatabase();
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    const dataSource = createDataSource(url, { poolSize: 2 });
    await dataSource.initialize();
    try {
      await holder.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await expect(runMigrationsLocked(dataSource, undefined, { waitMs: 500 })).rejects.toThrow(/another process has been migrating the database/);
      await holder.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      expect(await runMigrationsLocked(dataSource)).toHaveLength(migrations.length);
    } finally {
      await holder.end();
      await dataSource.destroy();
    }
  });
});

describe('npm run migrate', () => {
  function migrateProcess(databaseUrl: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'ops/migrate.ts'], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('exit', (code) => resolve({ code, stdout, stderr }));
    });
  }

  it('migrates DATABASE_URL, safely beside another run, and says when there is nothing to do', async () => {
    const url = await freshDatabase();
    const runs = await Promise.all([migrateProcess(url), migrateProcess(url)]);
    for (const run of runs) expect(run, run.stderr).toMatchObject({ code: 0, stderr: '' });
    const outputs = runs.map((run) => run.stdout.trim()).sort();
    expect(outputs[0]).toMatch(new RegExp(`^Applied ${migrations.length} migration\\(s\\): `));
    expect(outputs[1]).toBe('The database is up to date.');
    expect((await appliedMigrationNames(url)).sort()).toEqual(allNames());
  });

  it('names the problem in one line and exits 1 when the database cannot be reached', async () => {
    const run = await migrateProcess('postgres://postgres:postgres@127.0.0.1:1/nothing');
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^migrate: .+\n$/);
  });
});
