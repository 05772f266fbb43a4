/**
 * An offline profile edit across a server restart (the outbox): the edit waits as 'Pending
 * sync'; the network comes back while the API is down, so its replays fail and it must stay queued;
 * once the API is up again it reaches the server exactly once (version + 1).
 *
 * The shared e2e server (playwright.config.ts) cannot be stopped from a spec, so this spec runs a
 * server process of its own on its own port: same DATA_DIR across the restart (the session keys
 * live there, so the browser's cookie stays valid), and the run's database (E2E_DATABASE_URL, set
 * by `npm test`) or, without it, the embedded PostgreSQL in that DATA_DIR.
 *
 * Twice: in a page that was open before the network went, and in one reopened offline, which
 * knows its user only from the device copy until the server confirms them (sync.ts asks again on
 * the outbox's backoff instead of waiting minutes for Chromium's next Background Sync try).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import type { OutboxEntry } from '../src/offline/db';
import { currentUser, expectEditAppliedOnce, indexedDbCounts, openProfileReadyForOffline, saveProfileName } from './helpers/offline';
import { freePort } from '../../ops/freePort';

const root = path.resolve(import.meta.dirname, '../..');
// Next to the shared server's port (playwright.config.ts), clear of it.
const port = Number(process.env.E2E_PORT ?? 8091) + 2;

test.use({ baseURL: `http://127.0.0.1:${port}`, viewport: { width: 1280, height: 900 } });
// Like offline.spec.ts: one retry absorbs a slow worker start on a loaded machine.
test.describe.configure({ retries: 1 });

interface ServerProcess {
  child: ChildProcess;
  exited: Promise<number | null>;
}

let dataDir: string;
let embeddedPgPort: number;
let server: ServerProcess | undefined;

/** Starts the API on `port` and resolves once it says it is ready. */
async function startServer(): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: '',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Only the profile is used: no demo market to seed (a shared database already has it).
      SEED_LISTINGS: '0',
      // Empty means unset: then the server runs its embedded PostgreSQL in DATA_DIR.
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
      EMBEDDED_PG_PORT: String(embeddedPgPort),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const started: ServerProcess = { child, exited };
  server = started;
  // A cold embedded cluster (initdb, migrations) takes a while on a busy machine.
  for (let i = 0; i < 900 && !stdout.includes('ready on'); i++) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!stdout.includes('ready on')) throw new Error(`the API did not get ready: ${stderr}`);
  return started;
}

/** SIGTERM, as an operator's restart does; the server drains and exits 0. */
async function stopServer(): Promise<void> {
  const running = server!;
  running.child.kill('SIGTERM');
  expect(await running.exited).toBe(0);
  server = undefined;
}

/** The app's queued edits, as stored on the device. */
async function outboxEntries(page: Page): Promise<OutboxEntry[]> {
  return page.evaluate(
    () =>
      new Promise<OutboxEntry[]>((resolve, reject) => {
        const open = indexedDB.open('skinmarket');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('outbox').objectStore('outbox').getAll();
          request.onsuccess = () => {
            open.result.close();
            resolve(request.result as OutboxEntry[]);
          };
          request.onerror = () => reject(request.error);
        };
      }),
  );
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(path.join(tmpdir(), 'sm-e2e-restart-'));
  embeddedPgPort = await freePort();
  await startServer();
});

test.afterAll(async () => {
  test.setTimeout(30_000);
  const running = server;
  if (running && running.child.exitCode === null) {
    // SIGTERM first: it also stops the embedded PostgreSQL, which a SIGKILL would leave running.
    running.child.kill('SIGTERM');
    const code = await Promise.race([running.exited, new Promise((resolve) => setTimeout(() => resolve('timeout'), 15_000))]);
    if (code === 'timeout') running.child.kill('SIGKILL');
  }
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * The scenario: a profile edit made offline, the API stopped, the network back (replays fail), the
 * API started again on the same data; the edit must arrive exactly once. `reopenOffline`: the page
 * is reloaded with the network off before the edit (it then knows its user only from the device).
 */
async function editAcrossRestart(page: Page, context: BrowserContext, { reopenOffline }: { reopenOffline: boolean }): Promise<void> {
  const before = await openProfileReadyForOffline(page);
  const form = page.getByRole('form', { name: 'Profile settings' });
  const pendingSync = page.getByRole('heading', { name: 'Profile Settings' }).locator('..').getByText('Pending sync');

  // page.request is the test's own client, not the browser's network: setOffline does not cut it.
  await context.setOffline(true);
  if (reopenOffline) await page.reload();
  await saveProfileName(page, 'Restarted');
  await expect(pendingSync).toBeVisible();
  expect((await indexedDbCounts(page)).outbox).toBe(1);
  expect((await currentUser(page)).version).toBe(before.version);

  // The API goes down, then the network comes back: replays now fail on the network.
  await stopServer();
  await context.setOffline(false);
  await page.waitForTimeout(5_000);
  const waiting = await outboxEntries(page);
  expect(waiting).toHaveLength(1);
  expect(waiting[0]!.status).toBe('pending');
  // At least one send failed and was kept (with its Idempotency-Key) for a retry.
  if (!reopenOffline) expect(waiting[0]!.attempts).toBeGreaterThanOrEqual(1);
  await expect(pendingSync).toBeVisible();
  await expect(form.getByLabel('First Name')).toHaveValue('Restarted');

  // The same server comes back (same DATA_DIR and database): the next retry applies the edit by
  // itself (backoff 2 s, 4 s, 8 s, 16 s …: within about twice the time the API was away).
  await startServer();
  await expect(pendingSync).toHaveCount(0, { timeout: 45_000 });
  await expectEditAppliedOnce(page, context, 'Restarted', before.version);
}

test('an offline profile edit reaches the server exactly once across a server restart', async ({ page, context }) => {
  test.setTimeout(120_000);
  await editAcrossRestart(page, context, { reopenOffline: false });
});

test('an edit in a page reopened offline reaches the server exactly once across a server restart', async ({ page, context }) => {
  test.setTimeout(120_000);
  await editAcrossRestart(page, context, { reopenOffline: true });
});
