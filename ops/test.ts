/**
 * `npm test`: every check, in the order that fails fastest — types, lint, unit tests, API
 * integration tests on a real PostgreSQL, web processes and a worker behind nginx, the built app's
 * JavaScript budgets and Lighthouse gate, then end-to-end tests in Debian's Chromium against it.
 * One test PostgreSQL serves the whole run; each suite gets fresh databases (the processes behind
 * nginx get a PostgreSQL of their own, which their fault tests may stop).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { viteBuildArgs } from './pwaBuild';
import { startTestPostgres } from './testDatabase';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);

function findChromium(): string | undefined {
  return [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((candidate) => candidate && existsSync(candidate));
}

const results: Array<{ step: string; ok: boolean; seconds: number }> = [];

/**
 * Runs one check as a child process. Never synchronously: this process owns the embedded test
 * PostgreSQL, whose log output it must keep reading, or the server blocks on its next log line
 * (a checkpoint's, say) with every session waiting behind it.
 */
async function step(name: string, command: string, args: string[], env: Record<string, string> = {}): Promise<boolean> {
  console.log(`\n━━ ${name}`);
  const started = Date.now();
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const status = await new Promise<number | null>((resolve) => {
    child.on('error', (error) => {
      console.error(`${name}: ${error.message}`);
      resolve(null);
    });
    child.on('exit', (code) => resolve(code));
  });
  const ok = status === 0;
  results.push({ step: name, ok, seconds: Math.round((Date.now() - started) / 100) / 10 });
  return ok;
}

function summary(): never {
  console.log('\n━━ Summary');
  for (const { step: name, ok, seconds } of results) console.log(`${ok ? 'ok  ' : 'FAIL'} ${name} (${seconds}s)`);
  const failed = results.filter((result) => !result.ok).length;
  console.log(`checks: ${results.length - failed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

const chromium = findChromium();
if (!chromium) {
  console.error('npm test needs Chromium for the end-to-end tests and found none.');
  console.error('Install it with `apt-get install -y chromium` (Debian) or set CHROME_PATH to a Chromium binary.');
  process.exit(1);
}

const keepGoing = process.argv.includes('--keep-going');
const ok = () => keepGoing || results.every((result) => result.ok);

await step('typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
if (ok()) await step('lint', bin('eslint'), ['--max-warnings', '0', '.']);
if (ok()) await step('import rules (dependency-cruiser)', bin('depcruise'), ['--config', '.dependency-cruiser.mjs', 'api', 'shared', 'pwa', 'ops']);
if (ok()) await step('unit tests', bin('vitest'), ['run', '--project', 'unit']);

if (ok()) {
  const postgres = await startTestPostgres();
  try {
    await step('API integration tests (PostgreSQL)', bin('vitest'), ['run', '--project', 'api'], { TEST_PG_ADMIN_URL: postgres.adminUrl });
    // Real web and worker processes behind Debian's nginx, on a PostgreSQL of their own (ops/cluster).
    if (ok()) await step('load balancer and process roles (nginx)', bin('vitest'), ['run', '--project', 'cluster']);
    if (ok()) await step('build', process.execPath, viteBuildArgs);
    if (ok()) await step('JavaScript budgets', process.execPath, ['--import', 'tsx', 'ops/size.ts']);
    if (ok()) {
      const databaseUrl = await postgres.createDatabase('lighthouse');
      try {
        await step('Lighthouse (mobile)', process.execPath, ['--import', 'tsx', 'ops/lighthouse.ts'], { DATABASE_URL: databaseUrl, CHROME_PATH: chromium });
      } finally {
        await postgres.dropDatabase(databaseUrl);
      }
    }
    if (ok()) {
      const databaseUrl = await postgres.createDatabase('e2e');
      try {
        await step('end-to-end tests (Chromium)', bin('playwright'), ['test'], { E2E_DATABASE_URL: databaseUrl, CHROME_PATH: chromium });
      } finally {
        await postgres.dropDatabase(databaseUrl);
      }
    }
    if (ok()) {
      // The full journey waits out a trade hold: its own server with a hold of seconds (playwright.journey.config.ts).
      const databaseUrl = await postgres.createDatabase('e2e_journey');
      try {
        await step('end-to-end journey (Chromium, short hold)', bin('playwright'), ['test', '-c', 'playwright.journey.config.ts'], {
          E2E_DATABASE_URL: databaseUrl,
          CHROME_PATH: chromium,
        });
      } finally {
        await postgres.dropDatabase(databaseUrl);
      }
    }
  } finally {
    await postgres.stop();
  }
}
summary();
