/**
 * The simulated trade bot runs inside the API process, so it is online while the server is: it
 * reports a heartbeat like a live bot process would, which GET /api/bot-status reads.
 */
import { type DataSource } from 'typeorm';
import { type Logger } from '../../logger';

export const SIMULATED_BOT = 'simulated';
const HEARTBEAT_MS = 30_000;

export async function beat(dataSource: DataSource, bot = SIMULATED_BOT): Promise<void> {
  await dataSource.query(
    `INSERT INTO bot_heartbeats (bot, last_seen_at) VALUES ($1, now())
     ON CONFLICT (bot) DO UPDATE SET last_seen_at = now()`,
    [bot],
  );
}

/** Beats now and every 30 s; returns the function that stops it (after a beat in flight). */
export function startBotHeartbeat(dataSource: DataSource, logger: Logger): () => Promise<void> {
  let inFlight: Promise<void> = Promise.resolve();
  const tick = () => {
    inFlight = beat(dataSource).catch((error: unknown) => logger.warn({ err: error }, 'bot heartbeat failed'));
  };
  tick();
  const timer = setInterval(tick, HEARTBEAT_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    return inFlight;
  };
}
