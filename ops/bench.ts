/**
 * `npm run bench`: the timing targets, measured on this machine (never asserted in tests).
 * - a restart on an existing DATA_DIR is ready (prints its URL) in under 5 s;
 * - /readyz answers 503 within 2 s while the database is down;
 * - latency of a few hot requests (p50/p95 over a fixed number of sequential calls).
 * Exits 1 when a target is missed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const results: Array<{ name: string; value: string; target?: string; ok?: boolean }> = [];

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function start(env: Record<string, string>): Promise<{ child: ChildProcess; readyMs: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/main.ts'], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready on')) resolve({ child, readyMs: performance.now() - started });
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.removeAllListeners('exit');
    child.on('exit', () => resolve());
    child.kill('SIGTERM');
  });

async function latency(name: string, url: string, count: number) {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await fetch(url);
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  results.push({ name: `${name} (${count} sequential)`, value: `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms` });
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'skinmarket-bench-'));
const env = { DATA_DIR: dataDir, PORT: String(await freePort()), EMBEDDED_PG_PORT: String(await freePort()) };
const base = `http://127.0.0.1:${env.PORT}`;
try {
  const first = await start(env);
  results.push({ name: 'first start (initdb, migrations, seed)', value: `${(first.readyMs / 1000).toFixed(2)} s` });
  await stop(first.child);

  const warm = await start(env);
  const seconds = warm.readyMs / 1000;
  results.push({ name: 'restart on existing DATA_DIR', value: `${seconds.toFixed(2)} s`, target: '< 5 s', ok: seconds < 5 });
  await latency('GET /healthz', `${base}/healthz`, 300);
  await latency('GET /readyz', `${base}/readyz`, 300);
  await latency('GET / (app shell)', `${base}/`, 300);
  await latency('GET /api/user signed out (session + 401)', `${base}/api/user`, 300);

  // Take the database away under the running server: readiness must say so quickly.
  const pg = spawn('pkill', ['-INT', '-f', `${path.join(dataDir, 'pg')}`]);
  await new Promise((resolve) => pg.on('exit', resolve));
  await new Promise((resolve) => setTimeout(resolve, 500));
  const started = performance.now();
  const status = (await fetch(`${base}/readyz`)).status;
  const readyzMs = performance.now() - started;
  results.push({ name: '/readyz with the database down', value: `${status} in ${readyzMs.toFixed(0)} ms`, target: '503 within 2 s', ok: status === 503 && readyzMs < 2000 });
  await stop(warm.child);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

for (const result of results) {
  const verdict = result.ok === undefined ? '    ' : result.ok ? 'ok  ' : 'MISS';
  console.log(`${verdict} ${result.name.padEnd(46)} ${result.value}${result.target ? `   (target ${result.target})` : ''}`);
}
process.exit(results.some((result) => result.ok === false) ? 1 : 0);
