/**
 * A PostgreSQL that stops answering without closing anything (a frozen host, a partition): its
 * processes are stopped with SIGSTOP, so the kernel still accepts connections and data for them.
 * The API must answer 503 within seconds rather than hang, and recover by itself on SIGCONT.
 * The server frozen here is one of the test's own, never the suites' shared one.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../ops/freePort';
import { isDatabaseUnavailable } from '../middleware/errors';
import { signIn, uniqueSteamId } from '../test/signIn';
import { startTestApp, type TestApp, type TestClient } from '../test/testApp';
import { createDataSource } from './dataSource';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './embedded';

let dataDir: string;
let database: EmbeddedDatabase;
let app: TestApp;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'sm-frozen-'));
  database = await startEmbeddedDatabase({ dataDir, port: await freePort(), database: 'frozen' });
  const migrate = createDataSource(database.url, { poolSize: 2 });
  await migrate.initialize();
  await migrate.runMigrations();
  await migrate.destroy();
  app = await startTestApp({ env: { DATABASE_URL: database.url }, databaseUrl: database.url });
});

afterAll(async () => {
  await app?.close();
  await database?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The postmaster and every process it started: all of them freeze with a frozen host. */
function postgresProcesses(): number[] {
  const postmaster = Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

function signal(pids: number[], name: NodeJS.Signals) {
  for (const pid of pids) {
    try {
      process.kill(pid, name);
    } catch {
      // A backend that ended meanwhile.
    }
  }
}

/** A request with its own deadline, so that a hang fails the test instead of outliving it. */
async function timed(url: string, client?: TestClient): Promise<{ status: number; body: unknown; retryAfter: string | null; ms: number }> {
  const started = Date.now();
  const headers: Record<string, string> = {};
  if (client) headers.cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(20_000) });
  const body: unknown = await response.json().catch(() => undefined);
  return { status: response.status, body, retryAfter: response.headers.get('retry-after'), ms: Date.now() - started };
}

describe('a frozen database', () => {
  it('answers 503 within seconds while PostgreSQL is frozen, and serves again once it resumes', async () => {
    const client = await signIn(app, uniqueSteamId());
    expect((await timed(`${app.url}/api/user`, client)).status).toBe(200);
    // Queries that overlap open connections side by side: the pool keeps them, and the requests
    // during the freeze are handed those (a new connection would fail on its connect timeout).
    await Promise.all([1, 2, 3, 4].map(() => app.services.dataSource.query('SELECT pg_sleep(0.3)')));
    const warm = await Promise.all([1, 2, 3].map((n) => timed(`${app.url}/api/skins?search=warm-${n}`)));
    expect(warm.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const { master: pool } = app.services.dataSource.driver as unknown as { master: { idleCount: number } };
    expect(pool.idleCount).toBeGreaterThanOrEqual(3);

    const frozen = postgresProcesses();
    signal(frozen, 'SIGSTOP');
    try {
      const ready = await timed(`${app.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(ready.ms).toBeLessThan(3_000);

      // Signed in: the session store reads the session first, then the handler reads the user.
      // Concurrent, so that each waits on a connection of its own.
      const [user, skins] = await Promise.all([timed(`${app.url}/api/user`, client), timed(`${app.url}/api/skins?search=frozen-2`)]);
      for (const answer of [user, skins]) {
        expect(answer.status).toBe(503);
        expect(answer.body).toEqual({ message: expect.any(String), code: 'database_unavailable' });
        expect(answer.retryAfter).toMatch(/^\d+$/);
        expect(answer.ms).toBeLessThan(10_000);
      }

      // Still frozen: a later request does not wait for a connection that cannot come.
      const again = await timed(`${app.url}/api/user`, client);
      expect(again.status).toBe(503);
      expect(again.ms).toBeLessThan(10_000);
    } finally {
      signal(frozen, 'SIGCONT');
    }

    let user = { status: 0 };
    for (let i = 0; i < 50 && user.status !== 200; i++) {
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, 200));
      user = await timed(`${app.url}/api/user`, client);
    }
    expect(user.status).toBe(200);
    expect((await timed(`${app.url}/readyz`)).status).toBe(200);
    expect((await timed(`${app.url}/api/skins?search=frozen-3`)).status).toBe(200);
  }, 120_000);

  it('fails a transaction caught mid-way within seconds, as an outage, and the pool serves again after', async () => {
    const { dataSource } = app.services;
    const frozen: number[] = [];
    // Whatever happens to the transaction, the server thaws in time for the other tests.
    const thaw = setTimeout(() => signal(frozen, 'SIGCONT'), 20_000);
    const started = Date.now();
    let failure: unknown;
    try {
      await dataSource.transaction(async (manager) => {
        await manager.query('SELECT 1');
        frozen.push(...postgresProcesses());
        signal(frozen, 'SIGSTOP');
        await manager.query('SELECT 2');
      });
    } catch (error) {
      failure = error;
    } finally {
      clearTimeout(thaw);
      signal(frozen, 'SIGCONT');
    }
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(isDatabaseUnavailable(failure)).toBe(true);
    expect(await dataSource.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  }, 60_000);
});
