/**
 * The server as a process: startup failures an operator can fix, clean shutdown with draining,
 * the embedded default, and riding out a database that goes away.
 */
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer, waitForReady, type ServerProcess } from './test/serverProcess';
import { startTestApp, uniqueIp } from './test/testApp';
import { startEmbeddedDatabase } from './db/embedded';
import { freePort } from '../ops/freePort';
import { testDatabaseUrl } from './test/database';

const running: ServerProcess[] = [];
afterAll(() => {
  for (const server of running) server.child.kill('SIGKILL');
});

describe('startup failures', () => {
  it('names a port already in use in one line and exits non-zero', async () => {
    const blocker = net.createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
    try {
      const server = spawnServer({ PORT: String(port), DATABASE_URL: testDatabaseUrl(), DATA_DIR: mkdtempSync(path.join(tmpdir(), 'sm-')) });
      expect(await server.exited).toBe(1);
      expect(server.stderr().trim()).toBe(`skinmarket: port 127.0.0.1:${port} is already in use (set PORT to use another)`);
    } finally {
      blocker.close();
    }
  });

  it('names an unwritable DATA_DIR in one line and exits non-zero', async () => {
    const server = spawnServer({ PORT: String(await freePort()), DATA_DIR: '/dev/null/data' });
    expect(await server.exited).toBe(1);
    expect(server.stderr().trim()).toBe('skinmarket: DATA_DIR /dev/null/data is not writable (ENOTDIR)');
  });

  it('refuses an invalid environment variable by name', async () => {
    const server = spawnServer({ PORT: 'eighty', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'sm-')) });
    expect(await server.exited).toBe(1);
    expect(server.stderr()).toMatch(/^skinmarket: Invalid environment: PORT: /);
  });

  it('refuses mixed modes and simulated modes on https without DEMO_DEPLOYMENT, in one line', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sm-'));
    const mixed = spawnServer({ PORT: String(await freePort()), DATA_DIR: dataDir, STEAM_MODE: 'live', STEAM_API_KEY: 'key', PAYMENTS_MODE: 'simulated' });
    const https = spawnServer({ PORT: String(await freePort()), DATA_DIR: dataDir, PUBLIC_URL: 'https://market.example', TRUST_PROXY: 'true' });
    expect(await mixed.exited).toBe(1);
    expect(mixed.stderr()).toBe(
      'skinmarket: Invalid environment: STEAM_MODE=live with PAYMENTS_MODE=simulated; set both to live or both to simulated\n',
    );
    expect(await https.exited).toBe(1);
    expect(https.stderr()).toMatch(/^skinmarket: Invalid environment: simulated Steam and payments on an https PUBLIC_URL; set DEMO_DEPLOYMENT=true[^\n]*\n$/);
  });
});

describe('shutdown', () => {
  it('finishes a request in flight, then exits 0 on SIGTERM', async () => {
    const port = await freePort();
    // The per-IP request ceiling is counted in the database the other suites share: this request
    // names an address of its own (through the proxy header) so their traffic cannot use it up.
    const server = spawnServer({
      PORT: String(port),
      DATABASE_URL: testDatabaseUrl(),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'sm-')),
      TRUST_PROXY: 'true',
    });
    running.push(server);
    await waitForReady(server);

    const body = JSON.stringify({ padding: 'x'.repeat(1000) });
    const answered = new Promise<number>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/anything',
          method: 'POST',
          // 100-continue tells us the server has parsed the headers: only then is the request in
          // flight for it (a connection whose headers are still unread counts as idle and is closed).
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            expect: '100-continue',
            'x-forwarded-for': uniqueIp(),
          },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode!);
        },
      );
      request.on('error', reject);
      request.on('continue', () => {
        // Half the body now, SIGTERM, the rest later: the request is in flight during shutdown.
        request.write(body.slice(0, 500));
        server.child.kill('SIGTERM');
        setTimeout(() => request.end(body.slice(500)), 500);
      });
      request.flushHeaders();
    });
    expect(await answered).toBe(404);
    expect(await server.exited).toBe(0);
  });
});

describe('the embedded default', () => {
  it('starts its own PostgreSQL in DATA_DIR, stops it on SIGTERM and restarts on the same data', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sm-embedded-'));
    const env = { PORT: String(await freePort()), DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()) };
    for (let run = 0; run < 2; run++) {
      const server = spawnServer(env);
      running.push(server);
      await waitForReady(server);
      const ready = await fetch(`http://127.0.0.1:${env.PORT}/readyz`);
      expect(ready.status).toBe(200);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      // The cluster is down: nothing listens on its port any more.
      await expect(
        new Promise((resolve, reject) => net.connect(Number(env.EMBEDDED_PG_PORT), '127.0.0.1').on('connect', resolve).on('error', reject)),
      ).rejects.toThrow(/ECONNREFUSED/);
    }
    // Two cold starts of a cluster, each migrated and seeded: more than the default 30 s on a busy machine.
  }, 90_000);
});

describe('a database that goes away', () => {
  it('answers 503 quickly while it is down and recovers by itself', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sm-outage-'));
    const port = await freePort();
    let database = await startEmbeddedDatabase({ dataDir, port, database: 'outage' });
    const { createDataSource } = await import('./db/dataSource');
    const migrate = createDataSource(database.url, { poolSize: 1 });
    await migrate.initialize();
    await migrate.runMigrations();
    await migrate.destroy();

    const app = await startTestApp({ env: { DATABASE_URL: database.url }, databaseUrl: database.url });
    try {
      const http = app.client();
      expect((await http.get('/readyz')).status).toBe(200);

      await database.stop();
      const deadline = { signal: AbortSignal.timeout(5_000) };
      const ready = await fetch(`${app.url}/readyz`, deadline);
      expect(ready.status).toBe(503);
      // A request that needs the database (the catalogue: nothing of it cached yet).
      const call = await fetch(`${app.url}/api/skins`, { signal: AbortSignal.timeout(5_000) });
      expect(call.status).toBe(503);
      expect(await call.json()).toMatchObject({ code: 'database_unavailable' });
      expect((await fetch(`${app.url}/healthz`)).status).toBe(200);

      database = await startEmbeddedDatabase({ dataDir, port, database: 'outage' });
      let status = 0;
      for (let i = 0; i < 50 && status !== 200; i++) {
        status = (await fetch(`${app.url}/readyz`)).status;
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(status).toBe(200);
      expect((await http.get('/api/anything')).status).toBe(404);
    } finally {
      await app.close();
      await database.stop();
    }
  });
});
