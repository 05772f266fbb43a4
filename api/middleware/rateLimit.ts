/**
 * Fixed-window rate limits whose counters live in PostgreSQL, so every API process behind a load
 * balancer shares them. Exact rules (sign-in, withdrawals, forms …) upsert once per counted
 * request. The general per-IP ceiling is `approximate`: each process counts locally, enforcing the
 * shared total plus its own unshared count. A key that reaches limit/50 unshared hits adds them to
 * its shared row before its request goes on; every other count is shared within a second by one
 * statement for all keys, which no request waits for. So a request costs no database write (a
 * thousand clients a second cost one write a second, not a thousand), and the ceiling can be
 * overshot by at most limit/50 per process. Old windows are pruned now and then.
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
}

export function createRateLimiter(dataSource: DataSource): RateLimiter {
  let sincePrune = 0;
  const local = new Map<string, LocalCounter>();
  let shareTimer: NodeJS.Timeout | undefined;

  /**
   * Adds `count` hits to the shared row and answers the shared total. Committed without waiting
   * for the disk (synchronous_commit off for this statement's own transaction): a database crash
   * may forget the last fraction of a second of counts, as the approximate ceiling may, and a
   * request does not wait for a WAL flush just to be counted.
   */
  async function add(key: string, windowStartSeconds: number, count: number): Promise<number> {
    const [row] = (await dataSource.query(
      `WITH unflushed AS (SELECT set_config('synchronous_commit', 'off', true))
       INSERT INTO rate_limit_hits (key, window_start, hits) SELECT $1::text, to_timestamp($2), $3::int FROM unflushed
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

  /**
   * Adds every counter's unshared hits to the shared rows in one statement and learns each row's
   * total. A failure (the database away) keeps the hits to share next time.
   */
  async function shareAll(): Promise<void> {
    const batch = [...local].filter(([, counter]) => counter.pending > 0).map(([key, counter]) => ({ key, counter, count: counter.pending }));
    for (const { counter } of batch) counter.pending = 0;
    try {
      const rows = (await dataSource.query(
        `INSERT INTO rate_limit_hits (key, window_start, hits)
         SELECT key, to_timestamp(window_start), hits FROM unnest($1::text[], $2::bigint[], $3::int[]) AS t(key, window_start, hits)
         ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limit_hits.hits + EXCLUDED.hits
         RETURNING key, extract(epoch FROM window_start)::bigint::text AS window_start, hits`,
        [batch.map((entry) => entry.key), batch.map((entry) => entry.counter.windowStart), batch.map((entry) => entry.count)],
      )) as Array<{ key: string; window_start: string; hits: number }>;
      for (const row of rows) {
        const counter = local.get(row.key);
        // Totals only grow within a window; a flush answered out of order must not lower one.
        if (counter && counter.windowStart === Number(row.window_start)) counter.shared = Math.max(counter.shared, row.hits);
      }
    } catch {
      for (const { counter, count } of batch) counter.pending += count;
    }
  }

  /** Shares the unshared counts within SHARE_EVERY_MS; no timer runs while nothing waits to be shared. */
  function scheduleShare(): void {
    if (shareTimer) return;
    shareTimer = setTimeout(() => {
      void shareAll().finally(() => {
        shareTimer = undefined;
        if ([...local.values()].some((counter) => counter.pending > 0)) scheduleShare();
      });
    }, SHARE_EVERY_MS);
    shareTimer.unref();
  }

  async function approximateCount(key: string, windowStartSeconds: number, rule: RateLimitRule): Promise<number> {
    let counter = local.get(key);
    if (!counter || counter.windowStart !== windowStartSeconds) {
      if (local.size >= MAX_LOCAL_COUNTERS) for (const [name, stale] of local) if (stale.windowStart !== windowStartSeconds) local.delete(name);
      counter = { windowStart: windowStartSeconds, shared: 0, pending: 0 };
      local.set(key, counter);
    }
    counter.pending++;
    if (counter.pending >= Math.max(1, Math.floor(rule.limit / 50))) {
      const count = counter.pending;
      counter.pending = 0;
      counter.shared = Math.max(counter.shared, await add(key, windowStartSeconds, count));
    } else {
      scheduleShare();
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
