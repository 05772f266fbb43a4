/** GET /api/bot-status: the trade bot is online while its heartbeat (written by the bot's start()) is recent. */
import { type DataSource } from 'typeorm';
import { type BotStatus } from '../../shared/schemas/inventory';

/** Seconds after which a bot that stopped reporting counts as offline. */
export const BOT_OFFLINE_AFTER_SECONDS = 90;

export async function readBotStatus(dataSource: DataSource, now = new Date()): Promise<BotStatus> {
  const [row] = (await dataSource.query('SELECT last_seen_at, process FROM bot_heartbeats ORDER BY last_seen_at DESC LIMIT 1')) as Array<{
    last_seen_at: Date;
    process: string | null;
  }>;
  const lastSeenAt = row?.last_seen_at ?? null;
  return {
    online: lastSeenAt !== null && now.getTime() - lastSeenAt.getTime() < BOT_OFFLINE_AFTER_SECONDS * 1000,
    lastSeenAt: lastSeenAt?.toISOString() ?? null,
    leader: row?.process ?? null,
  };
}
