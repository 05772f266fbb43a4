/**
 * `npm run bench`: the timing targets, measured on this machine (never asserted in tests), of the
 * server's production bundle (dist/server, built first, as a container runs it) on a fresh
 * embedded database of its own in a temporary DATA_DIR, over loopback only:
 * - the first start seeds the market with `--listings` listings (100,000 by default);
 * - a restart on an existing DATA_DIR is ready (prints its URL) in under 5 s;
 * - latency of a few hot requests (p50/p95 over a fixed number of sequential calls);
 * - Lighthouse's mobile scores of /, /market, /help-center and /listings, and the offline reload
 *   of the installed shell (ops/bench/browser.ts; needs Chromium: CHROME_PATH or /usr/bin/chromium);
 * - the market under load (ops/bench/market.ts): the catalogue against /healthz, deep pages, the
 *   purchase race;
 * - the catalogue's throughput through nginx with one and with two web processes (ops/bench/cluster.ts);
 * - an item's price history for a month and a year, and its latest sales, each read from
 *   PostgreSQL over the seed's 90 days of sales (ops/bench/history.ts);
 * - buy orders: an item's book and the fill step of a new listing against 10,000 open bids
 *   (ops/bench/orderBook.ts);
 * - /readyz answers 503 within 2 s while the database is down.
 * `--only catalogue,purchases` runs only those sections (start, latency, browser, catalogue,
 * purchases, cluster, history, orderbook, readyz; the first start always runs, it seeds the market).
 * Prints a table with the machine it ran on and writes the same figures as JSON (`--json <file>`,
 * by default .data/bench/<time>.json), so two runs can be compared; exits 1 when a target is
 * missed, 2 when it overran its time limit.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { browserBenchmarks } from './bench/browser';
import { clusterBenchmarks } from './bench/cluster';
import { priceHistoryBenchmark } from './bench/history';
import { catalogueBenchmarks, purchaseBenchmark, type BenchResult } from './bench/market';
import { orderBookBenchmark } from './bench/orderBook';
import { buildServer } from './buildServer';
import { buildPwaIfStale } from './pwaBuild';
import { freePort } from './freePort';
import { SERVER_NODE_FLAGS } from './serverFlags';

const root = path.resolve(import.meta.dirname, '..');
const results: BenchResult[] = [];
const SERVER_BUNDLE = path.join(root, 'dist/server/main.js');
const SECTIONS = ['start', 'latency', 'browser', 'catalogue', 'purchases', 'cluster', 'history', 'orderbook', 'readyz'] as const;
const { values: args } = parseArgs({
  options: {
    listings: { type: 'string', default: '100000' },
    only: { type: 'string' },
    json: { type: 'string' },
  },
});
const listingCount = Number(args.listings);
if (!Number.isSafeInteger(listingCount) || listingCount < 1_000) throw new Error('--listings: a whole number of at least 1000');
const only = args.only?.split(',') ?? [...SECTIONS];
const unknownSection = only.find((name) => !(SECTIONS as readonly string[]).includes(name));
if (unknownSection) throw new Error(`--only: no section "${unknownSection}" (${SECTIONS.join(', ')})`);
const runs = (section: (typeof SECTIONS)[number]) => only.includes(section);
/** The whole run is bounded: a hung server or load tool must not hang the benchmark (a bigger seed takes longer). */
const TIME_LIMIT_MS = (15 + Math.ceil(listingCount / 250_000)) * 60 * 1000;
const running = new Set<ChildProcess>();

/** The seed's log line (api/dev/seed/marketListings.ts): its duration and each phase's. */
interface SeedLine {
  ms: number;
  phases?: Record<string, number>;
}

/** Starts the server; `seed` and `salesSeed` are the demo seed's log lines when this start seeded. */
function start(env: Record<string, string>): Promise<{ child: ChildProcess; readyMs: number; seed: SeedLine | null; salesSeed: (SeedLine & { sales: number }) | null }> {
  const started = performance.now();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_BUNDLE], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  running.add(child);
  let seed: SeedLine | null = null;
  let salesSeed: (SeedLine & { sales: number }) | null = null;
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const seeded = output.split('\n').find((line) => line.includes('"msg":"demo market seeded"'));
      if (seeded) seed = JSON.parse(seeded) as SeedLine;
      const salesSeeded = output.split('\n').find((line) => line.includes('"msg":"demo sales history seeded"'));
      if (salesSeeded) salesSeed = JSON.parse(salesSeeded) as SeedLine & { sales: number };
      if (output.includes('ready on')) {
        child.stdout!.off('data', onData);
        // Keep draining so the pipe never fills.
        child.stdout!.resume();
        resolve({ child, readyMs: performance.now() - started, seed, salesSeed });
      }
    };
    child.stdout!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      running.delete(child);
      return resolve();
    }
    child.removeAllListeners('exit');
    child.on('exit', () => {
      running.delete(child);
      resolve();
    });
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
  results.push({ name: `${name} (${count} sequential)`, value: `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms`, metrics: { p50Ms: Number(at(0.5)), p95Ms: Number(at(0.95)) } });
}

/** Takes the database away under the running server: readiness must say so quickly. */
async function readyzWithDatabaseDown(base: string, dataDir: string) {
  const pg = spawn('pkill', ['-INT', '-f', `${path.join(dataDir, 'pg')}`]);
  await new Promise((resolve) => pg.on('exit', resolve));
  await new Promise((resolve) => setTimeout(resolve, 500));
  const started = performance.now();
  const status = await fetch(`${base}/readyz`).then(
    (response) => response.status,
    (error: Error) => `no answer (${error.cause ?? error.message}: did the server exit?)`,
  );
  const readyzMs = performance.now() - started;
  results.push({ name: '/readyz with the database down', value: `${status} in ${readyzMs.toFixed(0)} ms`, metrics: { ms: readyzMs }, target: '503 within 2 s', ok: status === 503 && readyzMs < 2000 });
}

if (!process.env.PWA_DIST_DIR) buildPwaIfStale();
await buildServer(path.dirname(SERVER_BUNDLE));
const loadAtStart = os.loadavg()[0]!;
const dataDir = mkdtempSync(path.join(tmpdir(), 'skinmarket-bench-'));
// TRUST_PROXY: the load's clients name themselves in X-Forwarded-For (see ops/bench/market.ts).
const env = {
  DATA_DIR: dataDir,
  PORT: String(await freePort()),
  EMBEDDED_PG_PORT: String(await freePort()),
  SEED_LISTINGS: String(listingCount),
  TRUST_PROXY: 'true',
};
const overrun = setTimeout(() => {
  console.error(`bench: over its ${TIME_LIMIT_MS / 60_000}-minute limit; stopping`);
  for (const child of running) child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(2);
}, TIME_LIMIT_MS);
const base = `http://127.0.0.1:${env.PORT}`;
try {
  // Info level for the seed's timing line (only this start: request logs would weigh on the load figures).
  const first = await start({ ...env, LOG_LEVEL: 'info' });
  results.push({ name: 'first start (initdb, migrations, demo seed)', value: `${(first.readyMs / 1000).toFixed(2)} s`, metrics: { seconds: first.readyMs / 1000 } });
  const seedSeconds = (first.seed?.ms ?? Number.NaN) / 1000;
  // Where the seed's time went (its phases, in ms), so two runs show which part grew.
  const phases = Object.fromEntries(Object.entries(first.seed?.phases ?? {}).map(([phase, ms]) => [`phase ${phase} (ms)`, ms]));
  results.push({
    name: `seeding ${listingCount.toLocaleString('en-US')} listings (within the first start)`,
    value: `${seedSeconds.toFixed(2)} s`,
    metrics: { seconds: seedSeconds, ...phases },
    target: '< 60 s',
    ok: seedSeconds < 60,
  });
  // The sales history the demo seeds after the listings (api/dev/seed/salesHistory.ts), within the same start.
  const salesPhases = Object.fromEntries(Object.entries(first.salesSeed?.phases ?? {}).map(([phase, ms]) => [`phase ${phase} (ms)`, ms]));
  results.push({
    name: `seeding 90 days of sales (${(first.salesSeed?.sales ?? 0).toLocaleString('en-US')}, within the first start)`,
    value: `${((first.salesSeed?.ms ?? Number.NaN) / 1000).toFixed(2)} s`,
    metrics: { seconds: (first.salesSeed?.ms ?? Number.NaN) / 1000, sales: first.salesSeed?.sales ?? 0, ...salesPhases },
  });
  await stop(first.child);

  const warm = await start(env);
  const seconds = warm.readyMs / 1000;
  if (runs('start')) results.push({ name: 'restart on existing DATA_DIR', value: `${seconds.toFixed(2)} s`, metrics: { seconds }, target: '< 5 s', ok: seconds < 5 });
  if (runs('latency')) {
    await latency('GET /healthz', `${base}/healthz`, 300);
    await latency('GET /readyz', `${base}/readyz`, 300);
    await latency('GET / (app shell)', `${base}/`, 300);
    await latency('GET /market (rendered by the server, first page unchanged)', `${base}/market`, 300);
    await latency('GET /api/user signed out (session + 401)', `${base}/api/user`, 300);
  }
  if (runs('browser')) {
    const chromiumPath = [process.env.CHROME_PATH, '/usr/bin/chromium'].find((candidate) => candidate && existsSync(candidate));
    if (chromiumPath) await browserBenchmarks(base, chromiumPath, results);
    else results.push({ name: 'browser figures (Lighthouse, offline reload)', value: 'skipped: no Chromium (set CHROME_PATH)' });
  }
  const databaseUrl = `postgres://postgres:postgres@127.0.0.1:${env.EMBEDDED_PG_PORT}/skinmarket`;
  if (runs('catalogue')) await catalogueBenchmarks(base, warm.child.pid!, results);
  if (runs('purchases')) await purchaseBenchmark(base, databaseUrl, results);
  if (runs('cluster')) await clusterBenchmarks(databaseUrl, results);
  if (runs('history')) await priceHistoryBenchmark(base, databaseUrl, results);
  if (runs('orderbook')) await orderBookBenchmark(base, databaseUrl, results);

  if (runs('readyz')) await readyzWithDatabaseDown(base, dataDir);
} catch (error) {
  results.push({ name: 'benchmark run', value: `stopped: ${error instanceof Error ? error.message : String(error)}`, ok: false });
} finally {
  for (const child of running) await stop(child);
  rmSync(dataDir, { recursive: true, force: true });
}

clearTimeout(overrun);
const cpus = os.cpus();
const machine = {
  cores: cpus.length,
  cpu: cpus[0]?.model.trim() ?? 'unknown CPU',
  memoryGiB: Number((os.totalmem() / 2 ** 30).toFixed(1)),
  node: process.version,
  os: `${os.platform()} ${os.release()}`,
  loadAverage: { start: loadAtStart, end: os.loadavg()[0]! },
};
console.log(
  `Machine: ${machine.cores} cores, ${machine.cpu}, ${machine.memoryGiB} GiB, Node ${machine.node}, ${machine.os}; ` +
    `load average ${loadAtStart.toFixed(1)} at the start, ${machine.loadAverage.end.toFixed(1)} at the end (other work on the machine skews every figure)\n`,
);
for (const result of results) {
  const verdict = result.ok === undefined ? '    ' : result.ok ? 'ok  ' : 'MISS';
  console.log(`${verdict} ${result.name.padEnd(60)} ${result.value}${result.target ? `   (target ${result.target})` : ''}`);
}
const finishedAt = new Date().toISOString();
const jsonPath = args.json ?? path.join(root, '.data', 'bench', `${finishedAt.replace(/[:.]/g, '-')}.json`);
mkdirSync(path.dirname(jsonPath), { recursive: true });
writeFileSync(jsonPath, `${JSON.stringify({ finishedAt, listings: listingCount, sections: only, machine, results }, null, 2)}\n`);
console.log(`\nfigures written to ${path.relative(process.cwd(), jsonPath)}`);
process.exit(results.some((result) => result.ok === false) ? 1 : 0);
