/**
 * The job system on pg-boss in the test database: with the workers running, a listing moves from
 * holding to On Sale by its hold-end job / the sweep without anyone calling them, and stopping the
 * job system is graceful. The ledger's invariants are checked on a schedule, and a job's log lines
 * carry its id.
 */
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cloneDatabase } from '../test/database';
import { capturedLogger } from '../test/capturedLog';
import { eventually, listingRow, listItems, signInSeller } from '../test/selling';
import { startTestApp, type TestApp } from '../test/testApp';
import { JOB_SCHEMA, LEDGER_CHECK, startJobs } from './index';

let app: TestApp;
let stopJobs: (() => Promise<void>) | undefined;

beforeAll(async () => {
  app = await startTestApp({ env: { SIM_TRADE_ACCEPT_MS: '150', TRADE_HOLD_MS: '1500' } });
});
afterAll(async () => {
  await stopJobs?.();
  await app.close();
});

it('schedules a hold-end job per listing and moves the listing on by itself', async () => {
  stopJobs = startJobs(app.services, { sweepMs: 60_000, pollingIntervalSeconds: 0.5 });
  await eventually(async () => app.services.jobs, Boolean);
  expect(app.services.jobs).toBeDefined();

  const seller = await signInSeller(app);
  const [listing] = await listItems(app, seller);
  const [job] = (await app.services.dataSource.query(`SELECT state, start_after FROM pgboss.job WHERE name = 'hold-end' AND singleton_key = $1`, [
    listing!.id,
  ])) as Array<{ state: string; start_after: Date }>;
  expect(job).toBeDefined();
  expect(Math.abs(job!.start_after.getTime() - Date.parse(listing!.holdEndTime))).toBeLessThan(1000);

  // Nobody calls the sweep here: the job does it (the sweep timer is a minute away).
  const active = await eventually(() => listingRow(app, listing!.id), (row) => row.status === 'active', 15_000);
  expect(active.status).toBe('active');

  await stopJobs();
  stopJobs = undefined;
  expect(app.services.jobs).toBeUndefined();
});

it('checks the ledger on a schedule, and tags the lines a job logs with its id and queue', async () => {
  // A database of its own: no other job system may take these jobs.
  const database = await cloneDatabase();
  const log = capturedLogger('debug');
  const own = await startTestApp({ databaseUrl: database.url, env: { DATABASE_URL: database.url }, logger: log.logger });
  const stop = startJobs(own.services, { sweepMs: 60_000, pollingIntervalSeconds: 0.5 });
  try {
    await eventually(async () => own.services.jobs, Boolean);
    const db = own.services.dataSource;
    expect(await db.query(`SELECT cron FROM ${JOB_SCHEMA}.schedule WHERE name = $1`, [LEDGER_CHECK])).toEqual([{ cron: '*/5 * * * *' }]);

    // Queued now, as the schedule does every five minutes.
    const sender = new PgBoss({ connectionString: database.url, schema: JOB_SCHEMA, supervise: false, schedule: false });
    await sender.start();
    await sender.send(LEDGER_CHECK, {});
    await sender.stop({ graceful: false });
    const checks = await eventually(
      () => db.query('SELECT imbalance_cents::int AS imbalance FROM ledger_invariant_checks') as Promise<Array<{ imbalance: number }>>,
      (rows) => rows.length > 0,
    );
    // (The schedule itself may have queued one too, when the test runs at a multiple of five minutes.)
    expect(checks.length).toBeGreaterThan(0);
    expect(checks.every((check) => check.imbalance === 0)).toBe(true);

    // The sweep queued at start logs its report.
    const line = await eventually(
      async () => log.lines().find((entry) => entry.msg === 'market sweep'),
      Boolean,
    );
    expect(line).toMatchObject({ queue: 'market-sweep', jobId: expect.any(String) });
    expect(await db.query(`SELECT name FROM ${JOB_SCHEMA}.job WHERE id = $1`, [line!.jobId])).toEqual([{ name: 'market-sweep' }]);
  } finally {
    await stop();
    await own.close();
    await database.drop();
  }
});
