/**
 * Operational endpoints: liveness (the process answers), readiness (the database answers, within a
 * second and a half or 503) and Prometheus metrics.
 */
import Router from '@koa/router';
import { type Registry } from 'prom-client';
import { type DataSource } from 'typeorm';
import type { ApiErrorBody } from '../../../shared/errorCodes';

const READY_TIMEOUT_MS = 1_500;

async function databaseAnswers(dataSource: DataSource): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS);
  });
  const probe = dataSource.query('SELECT 1').then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function healthRouter(dataSource: DataSource, registry: Registry): Router {
  const router = new Router();
  router.get('/healthz', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: 'ok' };
  });
  router.get('/readyz', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const ready = await databaseAnswers(dataSource);
    ctx.status = ready ? 200 : 503;
    ctx.body = ready ? { status: 'ready' } : ({ message: 'The database is not reachable', code: 'database_unavailable' } satisfies ApiErrorBody);
  });
  router.get('/metrics', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.type = registry.contentType;
    ctx.body = await registry.metrics();
  });
  return router;
}
