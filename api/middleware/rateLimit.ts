/**
 * Fixed-window rate limits whose counters live in PostgreSQL, so every API process behind a load
 * balancer shares them. Exact rules (sign-in, withdrawals, forms …) upsert once per counted
 * request. The general per-IP ceiling is `approximate`: each process counts locally and adds its
 * count to the shared row at most once a second or every limit/50 requests, enforcing the shared
 * total plus its own unflushed count — so a busy page costs no database write per request, and
 * the ceiling can be overshot by at most limit/50 per process per second. Old windows are pruned
 * now and then.
 */
import { type Context, type Middleware } from 'koa';
import { type DataSource } from 'typeorm';
import { tooManyRequests } from '../errors';

export interface RateLimitRule {
  /** Names the counter; requests of different rules never share one. */
  name: string;
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
  /** What the counter is per; the client IP by default. */
  keyOf?: (ctx: Context) => string;
  /** Count locally and share the count in batches (high ceilings, where a small overshoot is fine). */
  approximate?: boolean;
}

export interface RateLimiter {
  /** Counts one request; throws 429 (with Retry-After) once the window's limit is passed. */
  hit(ctx: Context, rule: RateLimitRule): Promise<void>;
  middleware(rule: RateLimitRule): Middleware;
}

const PRUNE_EVERY = 500;
const SHARE_EVERY_MS = 1_000;
const MAX_LOCAL_COUNTERS = 10_000;

/** An approximate counter's state in this process, for one key and window. */
interface LocalCounter {
  windowStart: number;
  /** The shared total as of this process's last flush (its own flushed hits included). */
  shared: number;
  /** Hits counted here and not yet added to the shared row. */
  pending: number;
  flushedAt: number;
}

export function createRateLimiter(dataSource: DataSource): RateLimiter {
  let sincePrune = 0;
  const local = new Map<string, LocalCounter>();

  /** Adds `count` hits to the shared row and answers the shared total. */
  async function add(key: string, windowStartSeconds: number, count: number): Promise<number> {
    const [row] = (await dataSource.query(
      `INSERT INTO rate_limit_hits (key, window_start, hits) VALUES ($1, to_timestamp($2), $3)
       ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limit_hits.hits + EXCLUDED.hits
       RETURNING hits`,
      [key, windowStartSeconds, count],
    )) as Array<{ hits: number }>;
    if (++sincePrune >= PRUNE_EVERY) {
      sincePrune = 0;
      await dataSource.query(`DELETE FROM rate_limit_hits WHERE window_start < now() - interval '1 day'`);
    }
    return row?.hits ?? count;
  }

  async function approximateCount(key: string, windowStartSeconds: number, rule: RateLimitRule): Promise<number> {
    let counter = local.get(key);
    if (!counter || counter.windowStart !== windowStartSeconds) {
      if (local.size >= MAX_LOCAL_COUNTERS) for (const [name, stale] of local) if (stale.windowStart !== windowStartSeconds) local.delete(name);
      counter = { windowStart: windowStartSeconds, shared: 0, pending: 0, flushedAt: 0 };
      local.set(key, counter);
    }
    counter.pending++;
    const batch = Math.max(1, Math.floor(rule.limit / 50));
    if (counter.pending >= batch || Date.now() - counter.flushedAt >= SHARE_EVERY_MS) {
      const count = counter.pending;
      counter.pending = 0;
      counter.flushedAt = Date.now();
      counter.shared = await add(key, windowStartSeconds, count);
    }
    return counter.shared + counter.pending;
  }

  async function hit(ctx: Context, rule: RateLimitRule): Promise<void> {
    const nowSeconds = Math.floor(Date.now() / 1000);
    const windowStartSeconds = nowSeconds - (nowSeconds % rule.windowSeconds);
    const key = `${rule.name}:${rule.keyOf ? rule.keyOf(ctx) : ctx.ip}`;
    const hits = rule.approximate ? await approximateCount(key, windowStartSeconds, rule) : await add(key, windowStartSeconds, 1);
    if (hits > rule.limit) {
      throw tooManyRequests(windowStartSeconds + rule.windowSeconds - nowSeconds);
    }
  }

  return {
    hit,
    middleware: (rule) => async (ctx, next) => {
      await hit(ctx, rule);
      await next();
    },
  };
}
