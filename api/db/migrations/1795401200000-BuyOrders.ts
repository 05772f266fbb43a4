import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Buy orders (docs/adr/0077-buy-orders.md): a bid for up to 100 units of one market hash name at a
 * price, its `price × quantity` held in a ledger account of its own (`buy_order_reserve`, a running
 * balance never below zero, like an order's escrow) until units fill or the bid is cancelled. The
 * book index serves both the public book and the fill's "best bid at or above this price" (price,
 * then time); the user's index serves their newest-first list. Each order item a bid bought names
 * it, so a fill can be traced from the sale to the bid.
 */
export class BuyOrders1795401200000 implements MigrationInterface {
  name = 'BuyOrders1795401200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE buy_orders (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id),
        market_hash_name text NOT NULL,
        -- Name, image and rarity of the newest listing under the name when the bid was placed.
        name text NOT NULL,
        image_url text,
        rarity text NOT NULL DEFAULT 'unknown',
        price_cents bigint NOT NULL CHECK (price_cents > 0),
        quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 100),
        filled integer NOT NULL DEFAULT 0,
        max_float double precision CHECK (max_float BETWEEN 0 AND 1),
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'filled', 'cancelled')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT buy_orders_filled_within_quantity CHECK (filled BETWEEN 0 AND quantity),
        CONSTRAINT buy_orders_status_matches_filled CHECK ((status = 'filled') = (filled = quantity))
      )`);
    await queryRunner.query(`CREATE INDEX buy_orders_book_idx ON buy_orders (market_hash_name, price_cents DESC, created_at, id) WHERE status = 'open'`);
    await queryRunner.query('CREATE INDEX buy_orders_user_idx ON buy_orders (user_id, created_at DESC, id DESC)');
    // A bid takes its name and image from the newest listing under its market hash name, whatever its state.
    await queryRunner.query('CREATE INDEX listings_hash_name_created_idx ON listings (market_hash_name, created_at DESC)');

    // The bidder's live event: where a bid stands after it was placed, filled by a unit or cancelled.
    await queryRunner.query('ALTER TABLE domain_events DROP CONSTRAINT domain_events_type_check');
    await queryRunner.query(`ALTER TABLE domain_events ADD CONSTRAINT domain_events_type_check CHECK (type IN ('listing', 'balance', 'trade-offer', 'order', 'buy-order'))`);

    await queryRunner.query('ALTER TABLE order_items ADD COLUMN buy_order_id uuid REFERENCES buy_orders (id)');
    await queryRunner.query('CREATE INDEX order_items_buy_order_idx ON order_items (buy_order_id) WHERE buy_order_id IS NOT NULL');

    await queryRunner.query('ALTER TABLE ledger_accounts ADD COLUMN buy_order_id uuid REFERENCES buy_orders (id)');
    await queryRunner.query('ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_kind_check');
    await queryRunner.query(`
      ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_kind_check
      CHECK (kind IN ('user_available', 'user_debt', 'withdrawals_pending', 'order_escrow', 'buy_order_reserve', 'platform_fees', 'external'))`);
    await queryRunner.query('ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_owner');
    await queryRunner.query(`
      ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_owner
      CHECK ((kind IN ('user_available', 'user_debt')) = (user_id IS NOT NULL) AND (kind = 'order_escrow') = (order_id IS NOT NULL)
        AND (kind = 'buy_order_reserve') = (buy_order_id IS NOT NULL))`);
    await queryRunner.query('ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_running_balance');
    await queryRunner.query(`
      ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_running_balance
      CHECK ((kind IN ('user_available', 'user_debt', 'order_escrow', 'buy_order_reserve')) = (balance IS NOT NULL))`);
    await queryRunner.query(`ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_reserve_not_negative CHECK (kind <> 'buy_order_reserve' OR balance >= 0)`);
    await queryRunner.query(`CREATE UNIQUE INDEX ledger_accounts_buy_order_idx ON ledger_accounts (buy_order_id) WHERE kind = 'buy_order_reserve'`);
    // The platform's accounts are the ones without an owner; a reserve has one.
    await queryRunner.query('DROP INDEX ledger_accounts_system_idx');
    await queryRunner.query('CREATE UNIQUE INDEX ledger_accounts_system_idx ON ledger_accounts (kind) WHERE user_id IS NULL AND order_id IS NULL AND buy_order_id IS NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DO $$ BEGIN
        IF EXISTS (SELECT 1 FROM ledger_accounts WHERE kind = 'buy_order_reserve') THEN
          RAISE EXCEPTION 'buy order reserves exist; buy orders cannot be taken out of the ledger';
        END IF;
      END $$`);
    await queryRunner.query('DROP INDEX ledger_accounts_system_idx');
    await queryRunner.query('CREATE UNIQUE INDEX ledger_accounts_system_idx ON ledger_accounts (kind) WHERE user_id IS NULL AND order_id IS NULL');
    await queryRunner.query('DROP INDEX ledger_accounts_buy_order_idx');
    await queryRunner.query('ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_reserve_not_negative');
    await queryRunner.query('ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_running_balance');
    await queryRunner.query(`
      ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_running_balance
      CHECK ((kind IN ('user_available', 'user_debt', 'order_escrow')) = (balance IS NOT NULL))`);
    await queryRunner.query('ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_owner');
    await queryRunner.query(`
      ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_owner
      CHECK ((kind IN ('user_available', 'user_debt')) = (user_id IS NOT NULL) AND (kind = 'order_escrow') = (order_id IS NOT NULL))`);
    await queryRunner.query('ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_kind_check');
    await queryRunner.query(`
      ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_kind_check
      CHECK (kind IN ('user_available', 'user_debt', 'withdrawals_pending', 'order_escrow', 'platform_fees', 'external'))`);
    await queryRunner.query('ALTER TABLE ledger_accounts DROP COLUMN buy_order_id');
    await queryRunner.query('DROP INDEX order_items_buy_order_idx');
    await queryRunner.query(`DELETE FROM domain_events WHERE type = 'buy-order'`);
    await queryRunner.query('ALTER TABLE domain_events DROP CONSTRAINT domain_events_type_check');
    await queryRunner.query(`ALTER TABLE domain_events ADD CONSTRAINT domain_events_type_check CHECK (type IN ('listing', 'balance', 'trade-offer', 'order'))`);
    await queryRunner.query('ALTER TABLE order_items DROP COLUMN buy_order_id');
    await queryRunner.query('DROP INDEX listings_hash_name_created_idx');
    await queryRunner.query('DROP TABLE buy_orders');
  }
}
