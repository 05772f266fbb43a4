/**
 * The live bot's state row in PostgreSQL: the refresh token stored encrypted and read back, poll
 * data as JSON, the trade-protection acknowledgement kept from the first time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFieldCipher } from '../../crypto/fieldCipher';
import { startTestApp, TEST_ENCRYPTION_KEY, type TestApp } from '../../test/testApp';
import { createBotStateStore } from './botState';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('bot_state', () => {
  it('keeps the refresh token encrypted, the poll data, and the first acknowledgement', async () => {
    const bot = `bot-${Date.now()}`;
    const store = createBotStateStore(app.services.dataSource, bot, createFieldCipher(TEST_ENCRYPTION_KEY));
    expect(await store.load()).toEqual({ refreshToken: null, pollData: null, tradeProtectionAcknowledgedAt: null });

    await store.saveRefreshToken('eyJhbGciOiJFZERTQSJ9.refresh');
    await store.savePollData({ sent: { '6000000001': 2 }, timestamps: { '6000000001': 1800000000 } });
    const [raw] = (await app.services.dataSource.query('SELECT refresh_token FROM bot_state WHERE bot = $1', [bot])) as Array<{ refresh_token: string }>;
    expect(raw!.refresh_token).not.toContain('refresh');
    await store.markTradeProtectionAcknowledged();
    const first = (await store.load()).tradeProtectionAcknowledgedAt;
    await store.markTradeProtectionAcknowledged();

    const loaded = await store.load();
    expect(loaded.refreshToken).toBe('eyJhbGciOiJFZERTQSJ9.refresh');
    expect(loaded.pollData).toEqual({ sent: { '6000000001': 2 }, timestamps: { '6000000001': 1800000000 } });
    expect(loaded.tradeProtectionAcknowledgedAt).toEqual(first);

    await store.saveRefreshToken(null);
    expect((await store.load()).refreshToken).toBeNull();
    // A token sealed under a key that is no longer configured reads as none (the bot uses its password).
    await store.saveRefreshToken('another');
    const otherKey = createBotStateStore(app.services.dataSource, bot, createFieldCipher('1'.repeat(64)));
    expect((await otherKey.load()).refreshToken).toBeNull();
  });
});
