import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The watchlist and its price alerts (docs/adr/0078-watchlist-alerts.md): a user watches an item by
 * its market hash name, optionally up to a price; a listing of that name at or under the price
 * alerts the watcher once. `watch_alerts` is keyed by (watch, listing), so a listing alerts a
 * watcher at most once ever, however often it goes (back) on sale. Alerts are found by name when a
 * listing goes on sale (watches_name_idx); a watch takes its item's picture from the newest listing
 * of the name, through the index the buy orders' migration made for the same lookup. An alert is a
 * live event of the new type `watch`.
 */
export class Watchlist1795401300000 implements MigrationInterface {
  name = 'Watchlist1795401300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE watches (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id),
        market_hash_name text NOT NULL,
        name text NOT NULL,
        image_url text NOT NULL,
        max_price_cents bigint CHECK (max_price_cents BETWEEN 1 AND 10000000),
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, market_hash_name)
      )`);
    await queryRunner.query('CREATE INDEX watches_user_idx ON watches (user_id, created_at DESC, id DESC)');
    await queryRunner.query('CREATE INDEX watches_name_idx ON watches (market_hash_name)');
    await queryRunner.query(`
      CREATE TABLE watch_alerts (
        watch_id uuid NOT NULL REFERENCES watches (id) ON DELETE CASCADE,
        listing_id uuid NOT NULL REFERENCES listings (id),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (watch_id, listing_id)
      )`);
    await queryRunner.query('ALTER TABLE domain_events DROP CONSTRAINT domain_events_type_check');
    await queryRunner.query(`ALTER TABLE domain_events ADD CONSTRAINT domain_events_type_check CHECK (type IN ('listing', 'balance', 'trade-offer', 'order', 'buy-order', 'watch'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM domain_events WHERE type = 'watch'`);
    await queryRunner.query('ALTER TABLE domain_events DROP CONSTRAINT domain_events_type_check');
    await queryRunner.query(`ALTER TABLE domain_events ADD CONSTRAINT domain_events_type_check CHECK (type IN ('listing', 'balance', 'trade-offer', 'order', 'buy-order'))`);
    await queryRunner.query('DROP TABLE watch_alerts');
    await queryRunner.query('DROP TABLE watches');
  }
}
