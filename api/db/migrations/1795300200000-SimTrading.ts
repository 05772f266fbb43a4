import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The simulated Steam's trading side (simulated mode only; production code never reads these):
 * trade offers sent by the simulated bot, the completed trades Steam's trade history reports
 * (including trade-protection rollbacks), and trade protection on items the bot received.
 */
export class SimTrading1795300200000 implements MigrationInterface {
  name = 'SimTrading1795300200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Steam's ids are decimal numbers; these ranges are far from the generated inventories' ids.
    await queryRunner.query('CREATE SEQUENCE sim_trade_offer_ids START WITH 8000000001');
    await queryRunner.query('CREATE SEQUENCE sim_trade_ids START WITH 700000000000000001');
    // Traded items get new asset ids (as on Steam); generated inventories stay below 1e16.
    await queryRunner.query('CREATE SEQUENCE sim_asset_ids START WITH 100000000000000001');

    // An item the bot received is trade-protected (inventory context 16) until this time.
    await queryRunner.query('ALTER TABLE sim_steam_items ADD COLUMN protected_until timestamptz');

    await queryRunner.query(`
      CREATE TABLE sim_trade_offers (
        tradeofferid bigint PRIMARY KEY DEFAULT nextval('sim_trade_offer_ids'),
        sender_steam_id text NOT NULL REFERENCES sim_steam_accounts (steam_id),
        partner_steam_id text NOT NULL REFERENCES sim_steam_accounts (steam_id),
        message text NOT NULL DEFAULT '',
        -- From the sender's side: [{appid, contextid, assetid, classid, instanceid, amount}].
        items_to_give jsonb NOT NULL,
        items_to_receive jsonb NOT NULL,
        -- ETradeOfferState: 2 Active, 3 Accepted, 6 Canceled, 7 Declined, 8 InvalidItems.
        state integer NOT NULL DEFAULT 2,
        -- When the simulated counterparty answers (now() + SIM_TRADE_ACCEPT_MS at sending).
        respond_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        tradeid bigint,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE INDEX sim_trade_offers_due_idx ON sim_trade_offers (respond_at) WHERE state = 2');

    await queryRunner.query(`
      CREATE TABLE sim_trades (
        tradeid bigint PRIMARY KEY DEFAULT nextval('sim_trade_ids'),
        -- The two parties; assets name who gave them.
        steam_id_a text NOT NULL REFERENCES sim_steam_accounts (steam_id),
        steam_id_b text NOT NULL REFERENCES sim_steam_accounts (steam_id),
        -- ETradeStatus: 3 Complete, 12 TradeProtectionRollback (reversed).
        status integer NOT NULL DEFAULT 3,
        -- Set on the trade that reversed another.
        rollback_trade bigint REFERENCES sim_trades (tradeid),
        -- [{giver, receiver, appid, contextid, assetid, classid, instanceid, amount, new_assetid, new_contextid}]
        assets jsonb NOT NULL,
        time_init timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE INDEX sim_trades_a_idx ON sim_trades (steam_id_a, time_init DESC)');
    await queryRunner.query('CREATE INDEX sim_trades_b_idx ON sim_trades (steam_id_b, time_init DESC)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE sim_trades');
    await queryRunner.query('DROP TABLE sim_trade_offers');
    await queryRunner.query('ALTER TABLE sim_steam_items DROP COLUMN protected_until');
    for (const sequence of ['sim_asset_ids', 'sim_trade_ids', 'sim_trade_offer_ids']) await queryRunner.query(`DROP SEQUENCE ${sequence}`);
  }
}
