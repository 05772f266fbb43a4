/**
 * The job system on /metrics: jobs waiting per pg-boss queue, read from pg-boss's tables in the
 * shared database when Prometheus scrapes, so every process (web or worker) reports the same queue.
 */
import { type Registry } from 'prom-client';
import { type DataSource } from 'typeorm';
import { registerDatabaseMetric } from '../middleware/metrics';
import { JOB_SCHEMA } from './index';

/**
 * Waiting jobs per queue of ours, 0 for an empty queue (pg-boss's internal `__pgboss__…` queues,
 * which relay its schedules, are left out). Waiting is pg-boss's states `created` and `retry`, the
 * ones before `active` in its ordered job_state enum: written as `< 'active'`, the condition of
 * pg-boss's own partial index (job_i5), so only waiting jobs are read however many finished ones it
 * keeps.
 */
async function countQueuedJobs(dataSource: DataSource): Promise<Array<{ queue: string; count: number }>> {
  const rows = (await dataSource.query(
    `SELECT q.name AS queue, (SELECT count(*) FROM ${JOB_SCHEMA}.job j WHERE j.name = q.name AND j.state < 'active') AS n
     FROM ${JOB_SCHEMA}.queue q WHERE NOT starts_with(q.name, '__pgboss__') ORDER BY q.name`,
  )) as Array<{ queue: string; n: string }>;
  return rows.map((row) => ({ queue: row.queue, count: Number(row.n) }));
}

export function registerJobMetrics(registry: Registry, dataSource: DataSource): void {
  registerDatabaseMetric(registry, {
    type: 'gauge',
    name: 'skinmarket_jobs_queued',
    help: 'Background jobs waiting to run (created or waiting to retry), per queue',
    labelNames: ['queue'],
    read: async () => (await countQueuedJobs(dataSource)).map(({ queue, count }) => ({ labels: { queue }, value: count })),
  });
}
