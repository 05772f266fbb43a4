/**
 * The trade bot's heartbeat: a running bot (live or simulated) records that it is online every
 * 30 s in `bot_heartbeats`, which GET /api/bot-status reads.
 */
import { type DataSource } from 'typeorm';
import { type Logger } from '../logger';
import { processName } from './botLeadership';

const HEARTBEAT_MS = 30_000;

/** Records that `bot` is online, run by this process (the leader). */
export async function beat(dataSource: DataSource, bot: string): Promise<void> {
  await dataSource.query(
    `INSERT INTO bot_heartbeats (bot, last_seen_at, process) VALUES ($1, now(), $2)
     ON CONFLICT (bot) DO UPDATE SET last_seen_at = now(), process = EXCLUDED.process`,
    [bot, processName()],
  );
}

/**
 * Beats now and every 30 s while `isOnline()` (default: always) says the bot is connected; returns
 * the function that stops it (after a beat in flight).
 */
export function startBotHeartbeat(dataSource: DataSource, logger: Logger, bot: string, isOnline: () => boolean = () => true): () => Promise<void> {
  let inFlight: Promise<void> = Promise.resolve();
  const tick = () => {
    if (!isOnline()) return;
    inFlight = beat(dataSource, bot).catch((error: unknown) => logger.warn({ err: error, bot }, 'bot heartbeat failed'));
  };
  tick();
  const timer = setInterval(tick, HEARTBEAT_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    return inFlight;
  };
}
