/**
 * A bulkhead for expensive requests: at most `limit` of them run at once in this process, the rest
 * wait in line (first come, first served) for up to `maxWaitMs`, then get 503 with Retry-After.
 *
 * Why: a purchase holds a pooled database connection for its whole transaction, and waits there
 * for the listings' row locks while others buy the same items. A burst of hundreds of purchases
 * would otherwise take every connection of the pool, and everything else waiting for one (the
 * catalogue, sign-ins, the purchases' own short queries) would time out at the pool. Waiting here
 * costs no connection, and the rest of the pool stays free for the other requests.
 */
import { type Middleware } from 'koa';
import { serviceUnavailable } from '../errors';

export function concurrencyGate(options: { limit: number; maxWaitMs: number }): Middleware {
  let running = 0;
  const waiting: Array<() => void> = [];

  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };

  return async (_ctx, next) => {
    if (running < options.limit) {
      running++;
    } else {
      // A released slot passes straight to the first in line (running stays the same).
      const admitted = await new Promise<boolean>((resolve) => {
        const admit = () => {
          clearTimeout(timer);
          resolve(true);
        };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(admit), 1);
          resolve(false);
        }, options.maxWaitMs);
        waiting.push(admit);
      });
      if (!admitted) throw serviceUnavailable('Too many purchases at once; please try again in a moment');
    }
    try {
      await next();
    } finally {
      release();
    }
  };
}
