/**
 * Background jobs on pg-boss 10, in the app's own database (schema `pgboss`), so any number of API
 * processes share them and a restart loses nothing:
 * - `hold-end`: one job per listing at its `hold_end_time` (singleton key = listing id). A listing
 *   whose item the bot cannot trade yet fails the job, which pg-boss retries with backoff.
 * - `market-sweep`: the periodic pass over everything due (api/jobs/sweep.ts). Every process
 *   queues it every `sweepMs`; the queue's `stately` policy keeps at most one queued and one
 *   running, whichever process runs it.
 * - `ledger-invariant-check`: the ledger's invariants (api/ledger/invariantCheck.ts) every five
 *   minutes, on a pg-boss schedule: pg-boss queues one job per due time across all processes.
 * Also listens to the bot's own offer-change events. All transitions are idempotent commands, so a
 * job that runs twice, or in two processes at once, changes things once. Every line logged while a
 * job runs carries its id and queue.
 */
import PgBoss from 'pg-boss';
import { type AppServices } from '../context';
import { poolSettings } from '../db/dataSource';
import { holdEnder } from '../commands/holdEnder';
import { tradeOfferSynchronizer } from '../commands/tradeOfferSynchronizer';
import { checkLedgerInvariants } from '../ledger/invariantCheck';
import { withLogContext } from '../logger';
import { runMarketSweep } from './sweep';

/** pg-boss's tables live in this schema of the app's database. */
export const JOB_SCHEMA = 'pgboss';
const HOLD_END = 'hold-end';
const SWEEP = 'market-sweep';
export const LEDGER_CHECK = 'ledger-invariant-check';
const LEDGER_CHECK_CRON = '*/5 * * * *';

export interface JobOptions {
  /** How often the sweep is queued; default 5 s with the simulated bot, 30 s with the live one. */
  sweepMs?: number;
  /** How often workers look for jobs (pg-boss polling; at least 0.5 s). */
  pollingIntervalSeconds?: number;
}

/** Thrown by a hold-end job whose listing is not ready: pg-boss retries it later. */
class NotYet extends Error {}

/**
 * Starts the workers and the sweep timer; sets `services.jobs` while running. Returns the stop
 * function, which lets running jobs finish (graceful) before closing pg-boss's connections.
 */
export function startJobs(services: AppServices, options: JobOptions = {}): () => Promise<void> {
  const { dataSource, logger, config } = services;
  const sweepMs = options.sweepMs ?? (config.steamMode === 'simulated' ? 5_000 : 30_000);
  // The app's own database (DATABASE_URL or the embedded server's URL).
  const url = (dataSource.options as { url?: string }).url!;
  const boss = new PgBoss({
    // The app pool's limits, so that a database that stops answering cannot hang a job, nor a
    // request that queues one.
    ...poolSettings(url),
    connectionString: url,
    schema: JOB_SCHEMA,
    application_name: 'skinmarket-jobs',
    max: 4,
  });
  boss.on('error', (error) => logger.error({ err: error }, 'job system error'));
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const started = (async () => {
    await boss.start();
    await boss.createQueue(HOLD_END, { name: HOLD_END, policy: 'stately', retryLimit: 50, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 });
    await boss.createQueue(SWEEP, { name: SWEEP, policy: 'stately', retryLimit: 0, expireInSeconds: 600 });
    await boss.createQueue(LEDGER_CHECK, { name: LEDGER_CHECK, policy: 'stately', retryLimit: 0, expireInSeconds: 600 });
    // Only the trade bot's leader runs jobs, and this process has just become it: a job still
    // active was left by a leader that died in it. Until it expired (5-10 minutes), the stately
    // queues would start no other job of its kind; failed now, it is retried (the commands are
    // idempotent) and the sweep runs again.
    const orphaned = (await dataSource.query(`SELECT id::text AS id, name FROM ${JOB_SCHEMA}.job WHERE state = 'active'`)) as Array<{ id: string; name: string }>;
    for (const job of orphaned) await boss.fail(job.name, job.id, { message: 'the process running it is gone' });
    if (orphaned.length > 0) logger.warn({ jobs: orphaned.length }, 'failed the jobs a previous leader left active');
    const polling = { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1 };
    const inJob = <T>(queue: string, job: PgBoss.Job<unknown>, work: () => Promise<T>) => withLogContext({ jobId: job.id, queue }, work);

    await boss.work<{ listingId: string }>(HOLD_END, polling, ([job]) =>
      inJob(HOLD_END, job!, async () => {
        const outcome = await holdEnder({ listingId: job!.data.listingId, services });
        // Early (clocks differ) or not tradable yet: fail so that pg-boss retries with backoff.
        if (outcome === 'not_due' || outcome === 'not_tradable') throw new NotYet(`listing ${job!.data.listingId}: ${outcome}`);
        return { outcome };
      }),
    );
    await boss.work(SWEEP, polling, ([job]) =>
      inJob(SWEEP, job!, async () => {
        const report = await runMarketSweep(services);
        logger.debug({ report }, 'market sweep');
      }),
    );
    await boss.work(LEDGER_CHECK, polling, ([job]) =>
      inJob(LEDGER_CHECK, job!, async () => {
        await checkLedgerInvariants(dataSource, logger);
      }),
    );
    await boss.schedule(LEDGER_CHECK, LEDGER_CHECK_CRON);

    services.jobs = {
      async scheduleHoldEnd(listingId, at) {
        await boss.send(HOLD_END, { listingId }, { singletonKey: listingId, startAfter: at });
      },
    };
    services.bot.onOfferChanged((offer) => {
      if (stopped) return;
      tradeOfferSynchronizer({ botOffer: offer, services }).catch((error: unknown) =>
        logger.warn({ err: error, steamOfferId: offer.id }, 'could not apply an offer change; the sweep will'),
      );
    });
    const queueSweep = () => {
      boss.send(SWEEP, {}, { singletonKey: SWEEP }).catch((error: unknown) => logger.warn({ err: error }, 'could not queue the market sweep'));
    };
    queueSweep();
    timer = setInterval(queueSweep, sweepMs);
    timer.unref();
  })().catch((error: unknown) => {
    logger.error({ err: error }, 'the job system did not start; market transitions wait until it does');
  });

  return async () => {
    stopped = true;
    await started;
    clearInterval(timer);
    delete services.jobs;
    await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  };
}
