/**
 * A bulkhead for expensive requests: at most `limit` of them run at once in this process, the rest
 * wait in line (first come, first served) for up to `maxWaitMs`, then get 503 with Retry-After.
 * With `onePer`, requests of one key (a user) run one at a time: a request whose key has one
 * under way waits in that key's own line, holding no place, and joins the common line when it
 * comes first in its own.
 *
 * Why: a purchase holds a pooled database connection for its whole transaction, and waits there
 * for the listings' row locks while others buy the same items. A burst of hundreds of purchases
 * would otherwise take every connection of the pool, and everything else waiting for one (the
 * catalogue, sign-ins, the purchases' own short queries) would time out at the pool. Waiting here
 * costs no connection, and the rest of the pool stays free for the other requests. One buyer's
 * purchases cannot run side by side anyway (each locks the buyer's balance until it commits): a
 * burst of one buyer's would otherwise fill every place with transactions waiting for each other,
 * and every other buyer would wait behind them.
 */
import { type Context, type Middleware } from 'koa';
import { serviceUnavailable } from '../errors';

/** Places taken first come, first served; a waiter gives up at its deadline. */
function places(limit: number) {
  let taken = 0;
  const waiting: Array<() => void> = [];
  return {
    /** True once a place is taken; false at the deadline (nothing taken). */
    take(deadline: number): Promise<boolean> {
      if (taken < limit) {
        taken++;
        return Promise.resolve(true);
      }
      return new Promise<boolean>((resolve) => {
        const admit = () => {
          clearTimeout(timer);
          resolve(true);
        };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(admit), 1);
          resolve(false);
        }, deadline - Date.now());
        waiting.push(admit);
      });
    },
    /** A freed place passes straight to the first in line (`taken` stays the same). */
    free(): void {
      const next = waiting.shift();
      if (next) next();
      else taken--;
    },
    get idle(): boolean {
      return taken === 0;
    },
  };
}

export function concurrencyGate(options: { limit: number; maxWaitMs: number; onePer?: (ctx: Context) => string }): Middleware {
  const common = places(options.limit);
  const lines = new Map<string, ReturnType<typeof places>>();
  const tooMany = () => serviceUnavailable('Too many purchases at once; please try again in a moment');

  return async (ctx, next) => {
    const deadline = Date.now() + options.maxWaitMs;
    const key = options.onePer?.(ctx);
    let line: ReturnType<typeof places> | undefined;
    if (key !== undefined) {
      line = lines.get(key) ?? places(1);
      lines.set(key, line);
    }
    try {
      if (line && !(await line.take(deadline))) throw tooMany();
      const admitted = await common.take(deadline);
      if (!admitted) {
        line?.free();
        throw tooMany();
      }
      try {
        await next();
      } finally {
        common.free();
        line?.free();
      }
    } finally {
      if (key !== undefined && line?.idle) lines.delete(key);
    }
  };
}
