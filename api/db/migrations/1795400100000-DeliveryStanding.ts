import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Buyers who turn deliveries down lose the right to buy for a while, and a buyer's trade URL must be
 * able to receive items before they pay:
 * - `delivery_failures`: why each failed delivery failed and when (one row per refunded order item),
 *   indexed for the purchase-time count of a buyer's recent failures. Failures from before this
 *   migration that the buyer caused (the delivery offer was declined, countered or left to expire)
 *   are filled in from their offers; earlier failures of other kinds never count, so they get no row.
 * - `trade_url_checks`: the last trade URL of each user that Steam said can receive items, and when;
 *   a purchase within a day of it asks Steam again only if the URL changed.
 * - the simulated Steam's accounts can be trade-banned, decline every offer, or have their incoming
 *   trades held (no mobile authenticator), so each path can be tried with any account; the Demo
 *   Decliner keeps declining.
 */
export class DeliveryStanding1795400100000 implements MigrationInterface {
  name = 'DeliveryStanding1795400100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE delivery_failures (
        order_item_id uuid PRIMARY KEY REFERENCES order_items (id),
        buyer_id uuid NOT NULL REFERENCES users (id),
        -- declined / expired / cannot_receive: the buyer's doing; the rest are ours, Steam's or the seller's.
        reason text NOT NULL CHECK (reason IN (
          'declined', 'expired', 'cannot_receive', 'cancelled', 'invalid_items', 'other', 'send_failed', 'trade_reversed', 'item_lost')),
        failed_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE INDEX delivery_failures_buyer_idx ON delivery_failures (buyer_id, failed_at)');
    await queryRunner.query(`
      INSERT INTO delivery_failures (order_item_id, buyer_id, reason, failed_at)
      SELECT item.id, o.buyer_id, CASE WHEN delivery.steam_state = 5 THEN 'expired' ELSE 'declined' END, item.refunded_at
      FROM order_items item
      JOIN orders o ON o.id = item.order_id
      JOIN trade_offers delivery ON delivery.id = item.delivery_offer_id
      WHERE item.status = 'failed' AND item.refunded_at IS NOT NULL AND delivery.status = 'failed' AND delivery.steam_state IN (4, 5, 7)`);

    await queryRunner.query(`
      CREATE TABLE trade_url_checks (
        user_id uuid PRIMARY KEY REFERENCES users (id),
        trade_url text NOT NULL,
        checked_at timestamptz NOT NULL
      )`);

    await queryRunner.query(`
      ALTER TABLE sim_steam_accounts
        ADD COLUMN trade_banned boolean NOT NULL DEFAULT false,
        ADD COLUMN declines_offers boolean NOT NULL DEFAULT false,
        ADD COLUMN trade_hold_days integer NOT NULL DEFAULT 0 CHECK (trade_hold_days BETWEEN 0 AND 15)`);
    await queryRunner.query(`UPDATE sim_steam_accounts SET declines_offers = true WHERE steam_id = '76561198000000003'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE sim_steam_accounts DROP COLUMN trade_hold_days, DROP COLUMN declines_offers, DROP COLUMN trade_banned');
    await queryRunner.query('DROP TABLE trade_url_checks');
    await queryRunner.query('DROP TABLE delivery_failures');
  }
}
