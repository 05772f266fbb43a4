/**
 * The production bundle run as the container runs it: built into a temporary directory laid out
 * like the image (dist/server beside node_modules), started with plain `node`, no tsx.
 */
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from '../api/config';
import { PAGE_DATA_ID, PRERENDERED_ATTRIBUTE } from '../pwa/src/prerender/marker';
import { type PageData } from '../pwa/src/prerender/pageData';
import { buildServer } from './buildServer';
import { freePort } from './freePort';
import { testDatabaseUrl } from '../api/test/database';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');

/** A stand-in PWA build: the shell, and the template the server renders /market into. */
function fakePwaBuild(dir: string): void {
  mkdirSync(path.join(dir, 'pages'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><title>SkinMarket</title></head><body><div id="root">the shell</div></body></html>');
  writeFileSync(path.join(dir, 'pages/template.html'), '<!doctype html><html><head><title>SkinMarket</title></head><body><div id="root"></div></body></html>');
}

/** This process's environment without any of the server's own variables (the test sets those). */
function environmentWithoutConfig(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of CONFIG_VARIABLES) delete env[name];
  return env;
}

let work: string;
let dataDir: string;
let serverDir: string;
let server: ChildProcess;
let output = '';
let url: string;

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'sm-bundle-'));
  dataDir = mkdtempSync(path.join(tmpdir(), 'sm-bundle-data-'));
  serverDir = path.join(work, 'dist/server');
  await buildServer(serverDir);
  // Packages are left out of the bundle: they resolve from node_modules beside dist/, as in the image.
  symlinkSync(path.join(root, 'node_modules'), path.join(work, 'node_modules'), 'dir');
  fakePwaBuild(path.join(work, 'dist/pwa'));

  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
    cwd: work,
    env: {
      ...environmentWithoutConfig(),
      PORT: String(port),
      EMBEDDED_PG_PORT: String(await freePort()),
      DATA_DIR: dataDir,
      SEED_LISTINGS: '50',
      PWA_DIST_DIR: 'dist/pwa',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (output.includes('SkinMarket is ready on')) resolve();
    };
    server.stdout!.on('data', check);
    server.once('exit', (code) => reject(new Error(`the bundled server exited with ${code} before it was ready:\n${output}`)));
  });
}, 60_000);

afterAll(async () => {
  // Still running when a test failed: SIGTERM stops its embedded PostgreSQL too, SIGKILL would not.
  if (server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
    server.kill('SIGKILL');
  }
  rmSync(work, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

describe('the server bundle (dist/server/main.js)', () => {
  it('answers its health checks, the API and the market page rendered by the server', async () => {
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect((await fetch(`${url}/readyz`)).status).toBe(200);

    const skins = await fetch(`${url}/api/skins`);
    expect(skins.status).toBe(200);
    expect(((await skins.json()) as { items: unknown[] }).items.length).toBeGreaterThan(0);

    const market = await fetch(`${url}/market`);
    expect(market.status).toBe(200);
    const html = await market.text();
    // Rendered by the PWA modules bundled into the server, with the seeded listings, not the shell.
    expect(html).toContain(`${PRERENDERED_ATTRIBUTE}="/market"`);
    const data = new RegExp(`<script type="application/json" id="${PAGE_DATA_ID}">([^<]*)</script>`).exec(html);
    expect(data, 'the page carries its first page of listings').not.toBeNull();
    expect((JSON.parse(data![1]!) as PageData).marketFirstPage.page.items.length).toBeGreaterThan(0);
  });

  it('stops on SIGTERM with exit code 0', async () => {
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      server.once('exit', (code, signal) => resolve({ code, signal })),
    );
    server.kill('SIGTERM');
    expect(await exited, output).toEqual({ code: 0, signal: null });
  });
});

describe('the migrate and ops bundles', () => {
  const env = () => ({ ...environmentWithoutConfig(), DATABASE_URL: testDatabaseUrl(), LOG_LEVEL: 'silent' });

  it('migrate.js applies pending migrations (none on the test database) and exits', async () => {
    const { stdout } = await run(process.execPath, [path.join(serverDir, 'migrate.js')], { cwd: work, env: env() });
    expect(stdout).toContain('The database is up to date.');
  });

  it('ops.js runs an operator command', async () => {
    const { stdout } = await run(process.execPath, [path.join(serverDir, 'ops.js'), 'overdue-holds'], { cwd: work, env: env() });
    // The file's other tests decide whether there are overdue holds: either answer is the command working.
    expect(stdout).toMatch(/^(No overdue holds\.|\S+ {2}hold ended )/);
  });
});
