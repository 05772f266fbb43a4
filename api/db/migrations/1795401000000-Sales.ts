import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Completed sales, for the price history of an item (docs/adr/0075-sales-history.md): one row per
 * bought order item, written in the purchase's transaction and deleted in its refund's, so only
 * sales that stand count. No user is named: the order item is there to find the row again at a
 * refund; the demo's seeded history has none. Read by market hash name, newest first, and by day
 * (api/market/itemHistory.ts): the index carries price and float, so both reads are index-only.
 * The cheapest available listing of a name is found through a partial index on exactly the
 * catalogue's predicate of available listings (api/market/catalogue.ts, AVAILABLE).
 */
export class Sales1795401000000 implements MigrationInterface {
  name = 'Sales1795401000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE sales (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        order_item_id uuid REFERENCES order_items (id),
        market_hash_name text NOT NULL,
        exterior text,
        float double precision,
        price_cents bigint NOT NULL CHECK (price_cents BETWEEN 1 AND 10000000),
        sold_at timestamptz NOT NULL
      )`);
    await queryRunner.query('CREATE UNIQUE INDEX sales_order_item_idx ON sales (order_item_id) WHERE order_item_id IS NOT NULL');
    await queryRunner.query('CREATE INDEX sales_name_time_idx ON sales (market_hash_name, sold_at, id) INCLUDE (price_cents, float)');
    await queryRunner.query(
      `CREATE INDEX listings_available_hash_name_price_idx ON listings (market_hash_name, price_cents) WHERE sold_at IS NULL AND status IN ('holding', 'active')`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX listings_available_hash_name_price_idx');
    await queryRunner.query('DROP TABLE sales');
  }
}
