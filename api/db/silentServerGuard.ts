/**
 * Pool clients that do not hang on a PostgreSQL server that stops answering without closing
 * anything: a frozen host or process, a paused VM, a network partition. The connections stay open
 * (a frozen host's kernel even accepts new ones), so no error ever arrives, and statement_timeout
 * is enforced by the very server that is not running.
 *
 * Each client notes when its oldest unanswered query was sent. Once one has waited
 * STALL_SUSPECT_MS, the server is asked `SELECT 1` on a connection of its own: a running server
 * answers that within milliseconds however long its other statements take, so slow statements are
 * left alone (statement_timeout ends them). Silence for PROBE_TIMEOUT_MS means the server is not
 * running or not reachable: every connection of the pool is dropped, so the queries waiting on them
 * fail at once (503 at the edge) and the pool discards those clients. New connections then fail
 * on the pool's connect timeout until the server answers again, and the pool reconnects by itself.
 */
import pg from 'pg';

/** Longer than any quick query takes; with the two below, a silent server is found within 4 s. */
const STALL_SUSPECT_MS = 2_000;
/** A running server answers a new connection's SELECT 1 in milliseconds: 1.5 s leaves room for a loaded one. */
const PROBE_TIMEOUT_MS = 1_500;
const CHECK_EVERY_MS = 500;

/**
 * Whether the server says nothing for `timeoutMs` when asked `SELECT 1` on a connection of its
 * own. A refusal or an error is an answer: that server runs, or is plainly down (and its
 * connections fail by themselves).
 */
async function staysSilent(url: string, timeoutMs: number): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, application_name: 'skinmarket-probe' });
  // Failures reach the calls below; one after the deadline has nobody listening, and an unheard
  // 'error' event would end the process.
  client.on('error', () => undefined);
  let timer: NodeJS.Timeout | undefined;
  const silence = new Promise<'silent'>((resolve) => {
    timer = setTimeout(() => resolve('silent'), timeoutMs);
  });
  const attempt = client
    .connect()
    .then(() => client.query('SELECT 1'))
    .then(
      () => 'answered' as const,
      () => 'failed' as const,
    );
  const outcome = await Promise.race([attempt, silence]);
  clearTimeout(timer);
  // A polite goodbye to a server that answers; one that does not would never acknowledge it.
  if (outcome === 'answered') client.end().catch(() => undefined);
  else client.connection.stream.destroy();
  return outcome === 'silent';
}

/** A pg client class for one pool (the pool's `Client` option) whose clients are guarded as above. */
export function guardedClientClass(url: string): typeof pg.Client {
  const clients = new Set<GuardedClient>();
  let timer: NodeJS.Timeout | undefined;
  let probing = false;

  async function check() {
    const now = Date.now();
    if (probing || ![...clients].some((client) => now - client.waitingSince() >= STALL_SUSPECT_MS)) return;
    probing = true;
    try {
      if (await staysSilent(url, PROBE_TIMEOUT_MS)) for (const client of clients) client.drop();
    } finally {
      probing = false;
    }
  }

  class GuardedClient extends pg.Client {
    /** The queries sent and not answered yet, each with its send time. */
    private readonly waiting = new Set<{ sentAt: number }>();
    private dropped = false;

    constructor(config?: pg.ClientConfig) {
      super(config);
      clients.add(this);
      timer ??= setInterval(() => void check(), CHECK_EVERY_MS).unref();
      this.once('end', () => {
        clients.delete(this);
        if (clients.size === 0) {
          clearInterval(timer);
          timer = undefined;
        }
      });
    }

    /** When the oldest query still unanswered was sent (Infinity when none waits). */
    waitingSince(): number {
      let oldest = Infinity;
      for (const { sentAt } of this.waiting) oldest = Math.min(oldest, sentAt);
      return oldest;
    }

    /**
     * Fails the connection as a socket error would, at once: its waiting queries fail, and the
     * client, lent out or idle, is discarded by the pool (never lent again).
     */
    drop(): void {
      if (this.dropped) return;
      this.dropped = true;
      try {
        this.connection.emit('error', new Error('Connection terminated: the database server did not answer'));
      } finally {
        this.connection.stream.destroy();
      }
    }

    // One pass-through for all of pg's query overloads (promise or callback); streams are not timed.
    override query(...args: unknown[]): never {
      const sent = { sentAt: Date.now() };
      const answered = (error?: unknown) => {
        this.waiting.delete(sent);
        // pg's query_timeout gives up on the query but leaves it on the connection, where every
        // later query would wait behind it: the client must not be used again.
        if (error instanceof Error && error.message === 'Query read timeout') this.drop();
      };
      const callback = args.at(-1);
      if (typeof callback === 'function') {
        args[args.length - 1] = (error: unknown, result: unknown) => {
          answered(error);
          (callback as (error: unknown, result: unknown) => void)(error, result);
        };
      }
      this.waiting.add(sent);
      let result: unknown;
      try {
        result = Reflect.apply(super.query, this, args);
      } catch (error) {
        this.waiting.delete(sent);
        throw error;
      }
      if (result instanceof Promise) result.then(() => answered(), answered);
      else if (typeof callback !== 'function') this.waiting.delete(sent);
      return result as never;
    }
  }
  return GuardedClient;
}
