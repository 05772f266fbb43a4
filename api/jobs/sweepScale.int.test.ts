/**
 * The sweep with a busy market: well over 100,000 items inside Steam's seven-day protection at once.
 * Looking for reversals must not fail the pass (and with it every hold end, delivery retry and
 * refund behind it) just because there are many protected deposits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMarketSweep } from './sweep';
import { buildUser } from '../test/factories';
import { startTestApp, type TestApp } from '../test/testApp';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('the market sweep', () => {
  it('looks for reversals of 130,000 protected deposits without failing the pass', async () => {
    const db = app.services.dataSource;
    const { id: sellerId } = await buildUser(db);
    const [deposit] = (await db.query(
      `INSERT INTO trade_offers (user_id, kind, trade_url, status, steam_offer_id, steam_state, steam_trade_id, items)
       VALUES ($1, 'deposit', 'https://steamcommunity.com/tradeoffer/new/?partner=1&token=x', 'accepted', 'scale-1', 3, '999000999', '[]')
       RETURNING id`,
      [sellerId],
    )) as Array<{ id: string }>;
    // Seller-cancelled before their hold ended (still reversible, not on the market): cheap to insert.
    // One INSERT … SELECT, not buildListings (which generates every row and its bot item in this process).
    await db.transaction(async (manager) => {
      await manager.query('SET LOCAL statement_timeout = 0');
      await manager.query(
      `INSERT INTO listings (seller_id, trade_offer_id, seller_assetid, bot_assetid, bot_contextid, name, market_hash_name, image_url,
                             weapon_type, rarity, price_cents, fee_cents, status, cancel_reason, hold_start_time, hold_end_time)
       SELECT $1, $2, 'scale-' || n, NULL, '16', 'Scale Test ' || n, 'Scale Test', 'https://example.invalid/i.png',
              'Rifle', 'mil-spec', 100, 3, 'cancelled', 'seller', now() - n * interval '1 second', now() + interval '7 days'
       FROM generate_series(1, 130000) AS n`,
        [sellerId, deposit!.id],
      );
    });
    try {
      const report = await runMarketSweep(app.services);
      expect(report.reversals).toBe(0);
    } finally {
      await db.transaction(async (manager) => {
        await manager.query('SET LOCAL statement_timeout = 0');
        await manager.query('DELETE FROM listings WHERE trade_offer_id = $1', [deposit!.id]);
      });
    }
  }, 120_000);
});
