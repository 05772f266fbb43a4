/**
 * The live bot's state kept in PostgreSQL (`bot_state`, one row per bot account): the steam-user
 * refresh token, steam-tradeoffer-manager's poll data, and when the account acknowledged Steam's
 * trade protection. A restarted bot logs on with the token and resumes polling where it stopped.
 * The refresh token logs on as the bot, so it is stored encrypted (`<keyId>.<sealed value>`).
 */
import { type DataSource } from 'typeorm';
import { type FieldCipher } from '../../crypto/fieldCipher';

export interface BotStateRow {
  refreshToken: string | null;
  pollData: Record<string, unknown> | null;
  tradeProtectionAcknowledgedAt: Date | null;
}

export interface BotStateStore {
  load(): Promise<BotStateRow>;
  saveRefreshToken(token: string | null): Promise<void>;
  savePollData(pollData: unknown): Promise<void>;
  markTradeProtectionAcknowledged(): Promise<void>;
}

export function createBotStateStore(dataSource: DataSource, bot: string, cipher: FieldCipher): BotStateStore {
  const upsert = (column: string, value: unknown) =>
    dataSource.query(
      `INSERT INTO bot_state (bot, ${column}, updated_at) VALUES ($1, $2, now())
       ON CONFLICT (bot) DO UPDATE SET ${column} = EXCLUDED.${column}, updated_at = now()`,
      [bot, value],
    );
  const sealToken = (token: string) => {
    const sealed = cipher.seal(token);
    return `${sealed.keyId}.${sealed.value}`;
  };
  const openToken = (stored: string): string | null => {
    const [keyId, value] = stored.split('.', 2);
    try {
      return cipher.open({ keyId: keyId!, value: value ?? '' });
    } catch {
      // Sealed under a key no longer configured: the bot logs on with its password and saves a new one.
      return null;
    }
  };
  return {
    async load() {
      const [row] = (await dataSource.query(
        'SELECT refresh_token, poll_data, trade_protection_acknowledged_at FROM bot_state WHERE bot = $1',
        [bot],
      )) as Array<{ refresh_token: string | null; poll_data: Record<string, unknown> | null; trade_protection_acknowledged_at: Date | null }>;
      return {
        refreshToken: row?.refresh_token ? openToken(row.refresh_token) : null,
        pollData: row?.poll_data ?? null,
        tradeProtectionAcknowledgedAt: row?.trade_protection_acknowledged_at ?? null,
      };
    },
    async saveRefreshToken(token) {
      await upsert('refresh_token', token === null ? null : sealToken(token));
    },
    async savePollData(pollData) {
      await upsert('poll_data', JSON.stringify(pollData));
    },
    async markTradeProtectionAcknowledged() {
      await dataSource.query(
        `INSERT INTO bot_state (bot, trade_protection_acknowledged_at, updated_at) VALUES ($1, now(), now())
         ON CONFLICT (bot) DO UPDATE SET trade_protection_acknowledged_at = COALESCE(bot_state.trade_protection_acknowledged_at, now()), updated_at = now()`,
        [bot],
      );
    },
  };
}
