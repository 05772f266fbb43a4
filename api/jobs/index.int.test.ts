/**
 * The job system on pg-boss in the test database: with the workers running, a listing moves from
 * holding to On Sale by its hold-end job / the sweep without anyone calling them, and stopping the
 * job system is graceful.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eventually, listingRow, listItems, signInSeller } from '../test/selling';
import { startTestApp, type TestApp } from '../test/testApp';
import { startJobs } from './index';

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
