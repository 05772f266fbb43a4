import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The market: trade offers between users and the platform's bot (deposits of items for sale,
 * returns of cancelled ones, deliveries to buyers), listings through Steam's trade protection,
 * orders and their items, the audit trail of every state change, the durable event log that live
 * updates are read from, and the trade bot's persisted state.
 */
export class Market1795300000000 implements MigrationInterface {
  name = 'Market1795300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');

    await queryRunner.query(`
      CREATE TABLE trade_offers (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id),
        -- deposit: the user gives items to the bot (selling); return: the bot gives a cancelled
        -- listing's item back; delivery: the bot gives a bought item to its buyer.
        kind text NOT NULL CHECK (kind IN ('deposit', 'return', 'delivery')),
        trade_url text NOT NULL,
        -- Steam's tradeofferid once sent; null while sending (or when sending failed).
        steam_offer_id text UNIQUE,
        -- Steam's ETradeOfferState (2 Active, 3 Accepted, 7 Declined …); null before sending.
        steam_state integer,
        status text NOT NULL DEFAULT 'sending' CHECK (status IN ('sending', 'open', 'accepted', 'failed')),
        message text,
        -- Steam's tradeid of the completed trade: what trade history (and reversals) refer to.
        steam_trade_id text,
        -- The items as read from the user's inventory (deposit) or the listing (return, delivery),
        -- with the seller's price in cents for deposits.
        items jsonb NOT NULL,
        -- Every state seen, in order: [{state, status, at}].
        history jsonb NOT NULL DEFAULT '[]',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE INDEX trade_offers_user_idx ON trade_offers (user_id, created_at DESC)');
    await queryRunner.query(`CREATE INDEX trade_offers_open_idx ON trade_offers (status) WHERE status IN ('sending', 'open')`);
    await queryRunner.query('CREATE INDEX trade_offers_trade_idx ON trade_offers (steam_trade_id) WHERE steam_trade_id IS NOT NULL');

    await queryRunner.query(`
      CREATE TABLE listings (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        seller_id uuid NOT NULL REFERENCES users (id),
        -- The deposit offer that brought the item in (null for demo-seeded listings).
        trade_offer_id uuid REFERENCES trade_offers (id),
        -- The seller's original asset id, and the item's new id in the bot's inventory.
        seller_assetid text NOT NULL,
        bot_assetid text,
        bot_contextid text,
        name text NOT NULL,
        market_hash_name text NOT NULL,
        image_url text NOT NULL,
        weapon_type text NOT NULL,
        rarity text NOT NULL,
        condition text,
        float double precision,
        paint_seed integer,
        stat_trak boolean NOT NULL DEFAULT false,
        souvenir boolean NOT NULL DEFAULT false,
        inspect_link text,
        price_cents bigint NOT NULL CHECK (price_cents BETWEEN 1 AND 10000000),
        fee_cents bigint NOT NULL CHECK (fee_cents >= 0 AND fee_cents < price_cents),
        status text NOT NULL DEFAULT 'holding' CHECK (status IN ('holding', 'active', 'payment_pending', 'completed', 'cancelled')),
        cancel_reason text CHECK (cancel_reason IN ('seller', 'trade_reversed')),
        -- Set in the same transaction as the buyer's money moves into escrow.
        sold_at timestamptz,
        featured boolean NOT NULL DEFAULT false,
        hold_start_time timestamptz NOT NULL,
        hold_end_time timestamptz NOT NULL,
        -- The offer returning a cancelled listing's item to its seller, once sent.
        return_offer_id uuid REFERENCES trade_offers (id),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT listings_cancel_reason CHECK ((status = 'cancelled') = (cancel_reason IS NOT NULL))
      )`);
    await queryRunner.query('CREATE INDEX listings_seller_idx ON listings (seller_id, created_at DESC, id DESC)');
    // An item can be in at most one live listing.
    await queryRunner.query(`
      CREATE UNIQUE INDEX listings_live_asset_idx ON listings (seller_id, seller_assetid)
      WHERE status IN ('holding', 'active', 'payment_pending')`);
    // The catalogue: available = unsold and holding or active. One index per sort order, keyset-paged.
    const available = `WHERE sold_at IS NULL AND status IN ('holding', 'active')`;
    await queryRunner.query(`CREATE INDEX listings_available_price_idx ON listings (price_cents DESC, id DESC) ${available}`);
    await queryRunner.query(`CREATE INDEX listings_available_price_asc_idx ON listings (price_cents, id) ${available}`);
    await queryRunner.query(`CREATE INDEX listings_available_name_idx ON listings (name, id) ${available}`);
    await queryRunner.query(`CREATE INDEX listings_available_name_trgm_idx ON listings USING gin (lower(name) gin_trgm_ops) ${available}`);
    // The hold-end sweep.
    await queryRunner.query(`CREATE INDEX listings_hold_end_idx ON listings (hold_end_time) WHERE status = 'holding'`);

    await queryRunner.query(`
      CREATE TABLE orders (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        buyer_id uuid NOT NULL REFERENCES users (id),
        total_cents bigint NOT NULL CHECK (total_cents > 0),
        -- The buyer's trade URL when they paid: where the items are delivered.
        trade_url text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE INDEX orders_buyer_idx ON orders (buyer_id, created_at DESC, id DESC)');

    await queryRunner.query(`
      CREATE TABLE order_items (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        order_id uuid NOT NULL REFERENCES orders (id),
        listing_id uuid NOT NULL REFERENCES listings (id),
        price_cents bigint NOT NULL CHECK (price_cents > 0),
        status text NOT NULL DEFAULT 'awaiting_hold' CHECK (status IN ('awaiting_hold', 'sending', 'delivered', 'failed')),
        delivery_offer_id uuid REFERENCES trade_offers (id),
        delivery_attempts integer NOT NULL DEFAULT 0,
        refunded_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE INDEX order_items_order_idx ON order_items (order_id)');
    // A listing is sold at most once, unless that sale was refunded (then it may sell again).
    await queryRunner.query('CREATE UNIQUE INDEX order_items_listing_live_idx ON order_items (listing_id) WHERE refunded_at IS NULL');
    await queryRunner.query(`CREATE INDEX order_items_pending_idx ON order_items (status) WHERE status IN ('awaiting_hold', 'sending')`);

    await queryRunner.query(`
      CREATE TABLE audit_log (
        id bigserial PRIMARY KEY,
        -- Who did it: 'user:<uuid>', 'operator:<name>', 'system:<worker>'.
        actor text NOT NULL,
        action text NOT NULL,
        subject_type text NOT NULL,
        subject_id text NOT NULL,
        details jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE INDEX audit_log_subject_idx ON audit_log (subject_type, subject_id, id)');

    await queryRunner.query(`
      CREATE TABLE domain_events (
        id bigserial PRIMARY KEY,
        -- The user the event is for (live updates go to that user's tabs and devices).
        user_id uuid NOT NULL REFERENCES users (id),
        type text NOT NULL CHECK (type IN ('listing', 'balance', 'trade-offer', 'order')),
        payload jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE INDEX domain_events_user_idx ON domain_events (user_id, id)');

    await queryRunner.query(`
      CREATE TABLE bot_state (
        bot text PRIMARY KEY,
        -- steam-user refresh token and steam-tradeoffer-manager poll data (live bot only).
        refresh_token text,
        poll_data jsonb,
        trade_protection_acknowledged_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['bot_state', 'domain_events', 'audit_log', 'order_items', 'orders', 'listings', 'trade_offers']) {
      await queryRunner.query(`DROP TABLE ${table}`);
    }
  }
}
