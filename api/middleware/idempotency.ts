/**
 * Idempotency keys (Stripe's model) for money-moving and queued requests. A client sends
 * `Idempotency-Key: <unique>`; the first request with a key runs and its successful answer is
 * stored; a repeat with the same key and the same body gets that answer back without running
 * again — also when the repeats arrive in parallel (they wait for the first to finish). The same
 * key with a different body is a 422. A failed request (4xx, 5xx) stores nothing, so the client
 * may retry it with the same key: a refused request changed nothing. Records live 48 hours.
 */
import { createHash } from 'node:crypto';
import { type Context, type Next } from 'koa';
import { type DataSource } from 'typeorm';
import { type User } from '../entities';
import { HttpError, badRequest, unprocessable } from '../errors';

const KEY_PATTERN = /^[\x21-\x7e]{8,255}$/;
const WAIT_STEP_MS = 50;
const WAIT_LIMIT_MS = 15_000;
const PRUNE_EVERY = 200;

interface StoredKey {
  request_hash: string;
  response_status: number | null;
  response_body: string | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function idempotent(dataSource: DataSource, options: { required: boolean }) {
  let sincePrune = 0;

  return async (ctx: Context, next: Next) => {
    const key = ctx.get('Idempotency-Key');
    if (!key) {
      if (options.required) throw badRequest('The Idempotency-Key header is required for this request', undefined, 'idempotency_key_required');
      return next();
    }
    if (!KEY_PATTERN.test(key)) throw badRequest('Idempotency-Key must be 8 to 255 visible ASCII characters', undefined, 'idempotency_key_invalid');
    const userId = (ctx.state.user as User).id;
    const rawBody = (ctx.request as { rawBody?: string }).rawBody ?? '';
    const requestHash = createHash('sha256').update(`${ctx.method} ${ctx.path}\n${rawBody}`).digest('hex');

    if (++sincePrune >= PRUNE_EVERY) {
      sincePrune = 0;
      await dataSource.query(`DELETE FROM idempotency_keys WHERE created_at < now() - interval '48 hours'`);
    }

    for (const started = Date.now(); Date.now() - started < WAIT_LIMIT_MS; await sleep(WAIT_STEP_MS)) {
      const claimed = await dataSource.query(
        'INSERT INTO idempotency_keys (user_id, key, request_hash) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING key',
        [userId, key, requestHash],
      );
      if (claimed.length === 1) return runAndStore(ctx, next, dataSource, userId, key);

      const [stored] = (await dataSource.query(
        'SELECT request_hash, response_status, response_body FROM idempotency_keys WHERE user_id = $1 AND key = $2',
        [userId, key],
      )) as StoredKey[];
      if (!stored) continue; // the first request failed and released the key: claim it now
      if (stored.request_hash !== requestHash) {
        throw unprocessable('This Idempotency-Key was already used for a different request', 'idempotency_key_reused');
      }
      if (stored.response_status !== null) {
        ctx.status = stored.response_status;
        ctx.type = 'application/json';
        ctx.body = stored.response_body ?? 'null';
        ctx.set('Idempotent-Replayed', 'true');
        return;
      }
    }
    throw new HttpError(409, 'idempotency_key_in_progress', 'A request with this Idempotency-Key is still being processed; retry shortly');
  };
}

async function runAndStore(ctx: Context, next: Next, dataSource: DataSource, userId: string, key: string) {
  try {
    await next();
  } catch (error) {
    await dataSource.query('DELETE FROM idempotency_keys WHERE user_id = $1 AND key = $2', [userId, key]);
    throw error;
  }
  if (ctx.status >= 200 && ctx.status < 300) {
    await dataSource.query(
      'UPDATE idempotency_keys SET response_status = $3, response_body = $4, completed_at = now() WHERE user_id = $1 AND key = $2',
      [userId, key, ctx.status, JSON.stringify(ctx.body ?? null)],
    );
  } else {
    await dataSource.query('DELETE FROM idempotency_keys WHERE user_id = $1 AND key = $2', [userId, key]);
  }
}
