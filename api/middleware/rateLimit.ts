/**
 * Fixed-window rate limits whose counters live in PostgreSQL, so every API process behind a load
 * balancer shares them. One upsert per counted request; old windows are pruned now and then.
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
}

export interface RateLimiter {
  /** Counts one request; throws 429 (with Retry-After) once the window's limit is passed. */
  hit(ctx: Context, rule: RateLimitRule): Promise<void>;
  middleware(rule: RateLimitRule): Middleware;
}

const PRUNE_EVERY = 500;

export function createRateLimiter(dataSource: DataSource): RateLimiter {
  let sincePrune = 0;

  async function hit(ctx: Context, rule: RateLimitRule): Promise<void> {
    const nowSeconds = Math.floor(Date.now() / 1000);
    const windowStartSeconds = nowSeconds - (nowSeconds % rule.windowSeconds);
    const key = `${rule.name}:${rule.keyOf ? rule.keyOf(ctx) : ctx.ip}`;
    const [row] = (await dataSource.query(
      `INSERT INTO rate_limit_hits (key, window_start, hits) VALUES ($1, to_timestamp($2), 1)
       ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limit_hits.hits + 1
       RETURNING hits`,
      [key, windowStartSeconds],
    )) as Array<{ hits: number }>;
    if (++sincePrune >= PRUNE_EVERY) {
      sincePrune = 0;
      await dataSource.query(`DELETE FROM rate_limit_hits WHERE window_start < now() - interval '1 day'`);
    }
    if (row && row.hits > rule.limit) {
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
