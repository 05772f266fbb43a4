/**
 * Exactly one process runs the trade bot: Steam keeps one session per account, so two processes
 * logged on as the bot knock each other off and both poll. Leadership is a PostgreSQL session
 * advisory lock held on a connection of its own: it lasts exactly as long as that session, so a
 * leader that dies (kill -9, a lost host) releases it when PostgreSQL sees its connection close,
 * and a standby that asks every few seconds takes over.
 *
 * A leader that can no longer reach PostgreSQL cannot know whether its session (and the lock) is
 * still there, so it stops leading at once and asks again once it can. A sent offer is never sent
 * twice across a hand-over: the dispatcher's claim lease and its search of Steam's sent offers for
 * our reference cover a leader that died mid-send.
 */
import { hostname } from 'node:os';
import pg from 'pg';
import { type Logger } from '../logger';

/** The advisory lock's key: any fixed 64-bit number no other lock of this database uses. */
export const BOT_LEADER_LOCK_KEY = 7_368_547_362_001n;
/** How often a standby asks for the lock, and a leader checks that its session is alive. */
export const LEADERSHIP_CHECK_MS = 5_000;
/** A check that takes longer than this means PostgreSQL is unreachable (frozen or cut off). */
const CHECK_TIMEOUT_MS = 3_000;

/** Names this process in /api/bot-status and /metrics: the host (a pod's or container's name) and the pid. */
export function processName(): string {
  return `${hostname()}:${process.pid}`;
}

export interface BotLeadership {
  /** Whether this process leads now. */
  isLeader(): boolean;
  /** Stops leading (the bot's work stopped first) and closes the lock's connection. */
  stop(): Promise<void>;
}

interface Options {
  databaseUrl: string;
  logger: Logger;
  /** Starts the leader's work (the bot, the jobs that need it); returns the function that stops it. */
  lead(): Promise<() => Promise<void>>;
  checkMs?: number;
}

export function startBotLeadership({ databaseUrl, logger, lead, checkMs = LEADERSHIP_CHECK_MS }: Options): BotLeadership {
  let client: pg.Client | undefined;
  let stopLeading: (() => Promise<void>) | undefined;
  let stopped = false;
  let round: Promise<void> = Promise.resolve();

  const dropConnection = async () => {
    const old = client;
    client = undefined;
    await old?.end().catch(() => undefined);
  };

  const resign = async (reason: string) => {
    if (!stopLeading) return;
    logger.warn({ reason }, 'trade bot leadership lost; stopping the bot');
    const stop = stopLeading;
    stopLeading = undefined;
    await stop().catch((error: unknown) => logger.error({ err: error }, 'stopping the trade bot after losing leadership failed'));
  };

  const connect = async (): Promise<pg.Client> => {
    const fresh = new pg.Client({
      connectionString: databaseUrl,
      application_name: 'skinmarket-bot-leader',
      connectionTimeoutMillis: CHECK_TIMEOUT_MS,
      query_timeout: CHECK_TIMEOUT_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: 5_000,
    });
    // The session that held the lock is gone: resign now, not at the next check.
    const lost = (reason: string) => {
      if (client !== fresh) return;
      round = round.then(async () => {
        if (client !== fresh) return;
        await resign(reason);
        await dropConnection();
      });
    };
    fresh.on('error', (error) => {
      logger.warn({ err: error }, 'the bot leadership connection failed');
      lost(error.message);
    });
    fresh.on('end', () => lost('the bot leadership connection closed'));
    await fresh.connect();
    return fresh;
  };

  const check = async () => {
    try {
      client ??= await connect();
      if (stopLeading) {
        await client.query('SELECT 1');
        return;
      }
      const [row] = (await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [BOT_LEADER_LOCK_KEY.toString()])).rows;
      if (!row?.locked || stopped) return;
      logger.info({ process: processName() }, 'leading: this process runs the trade bot');
      stopLeading = await lead();
    } catch (error) {
      await resign((error as Error).message);
      await dropConnection();
    }
  };

  const tick = () => {
    round = round.then(() => (stopped ? undefined : check()));
  };
  tick();
  const timer = setInterval(tick, checkMs);
  timer.unref();

  return {
    isLeader: () => stopLeading !== undefined,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await round;
      await resign('stopping');
      // Closing the session releases the lock: a standby takes over at its next check.
      await dropConnection();
    },
  };
}
