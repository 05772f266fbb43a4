/**
 * The embedded PostgreSQL across a crash: a server killed with SIGKILL cannot stop its cluster,
 * so the next server on the same DATA_DIR finds it running with nobody owning it, stops it and
 * starts; a cluster whose server is alive stays its own. Real processes, real signals (Linux).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../ops/freePort';
import { spawnServer, waitForReady, type ServerProcess } from '../test/serverProcess';

const spawned: ServerProcess[] = [];
const dataDirs: string[] = [];

function postmasterPid(dataDir: string): number | undefined {
  try {
    return Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return undefined;
  }
}

/** Alive and not a zombie (an orphan whose new parent has not reaped it yet counts as gone). */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2));
  } catch {
    return false;
  }
}

async function answersQueries(pgPort: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: `postgres://postgres:postgres@127.0.0.1:${pgPort}/postgres`, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function newDataDir() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sm-owner-'));
  dataDirs.push(dataDir);
  return { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()), SEED_LISTINGS: '0' };
}

function start(env: Record<string, string>): ServerProcess {
  const server = spawnServer(env);
  spawned.push(server);
  return server;
}

// Whatever happened, no server and no PostgreSQL of these tests outlives them.
afterAll(async () => {
  for (const server of spawned) server.child.kill('SIGKILL');
  await Promise.all(spawned.map((server) => server.exited));
  for (const dataDir of dataDirs) {
    const pid = postmasterPid(dataDir);
    if (pid && running(pid)) process.kill(pid, 'SIGQUIT');
    for (let i = 0; i < 100 && pid && running(pid); i++) await new Promise((resolve) => setTimeout(resolve, 50));
    rmSync(dataDir, { recursive: true, force: true });
  }
});

describe('the embedded PostgreSQL after a crash', () => {
  it('is stopped by the next server on the same DATA_DIR, which then starts', async () => {
    const env = await newDataDir();
    const crashed = start({ ...env, PORT: String(await freePort()) });
    await waitForReady(crashed);
    const orphan = postmasterPid(env.DATA_DIR)!;
    expect(readFileSync(path.join(env.DATA_DIR, 'pg-owner'), 'utf8').trim()).toBe(String(crashed.child.pid));
    crashed.child.kill('SIGKILL');
    await crashed.exited;
    // The crash left PostgreSQL running with nobody to stop it.
    expect(running(orphan)).toBe(true);
    expect(await answersQueries(env.EMBEDDED_PG_PORT)).toBe(true);

    const port = String(await freePort());
    const next = start({ ...env, PORT: port });
    await waitForReady(next);
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
    expect(running(orphan)).toBe(false);
    expect(postmasterPid(env.DATA_DIR)).not.toBe(orphan);

    next.child.kill('SIGTERM');
    expect(await next.exited).toBe(0);
  }, 90_000);

  it('is not touched while the server that started it runs: a second server is refused in one line', async () => {
    const env = await newDataDir();
    const ownerPort = String(await freePort());
    const owner = start({ ...env, PORT: ownerPort });
    await waitForReady(owner);
    const postmaster = postmasterPid(env.DATA_DIR)!;

    const second = start({ ...env, PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    expect(second.stderr()).toBe(
      `skinmarket: the embedded PostgreSQL in ${path.join(env.DATA_DIR, 'pg')} belongs to another running process (pid ${owner.child.pid}); stop it first or use another DATA_DIR\n`,
    );

    // The first server and its database carry on as before.
    expect(running(postmaster)).toBe(true);
    expect(postmasterPid(env.DATA_DIR)).toBe(postmaster);
    expect((await fetch(`http://127.0.0.1:${ownerPort}/readyz`)).status).toBe(200);
    owner.child.kill('SIGTERM');
    expect(await owner.exited).toBe(0);
    expect(running(postmaster)).toBe(false);
    // A clean stop leaves no owner behind.
    expect(existsSync(path.join(env.DATA_DIR, 'pg-owner'))).toBe(false);
  }, 90_000);
});
