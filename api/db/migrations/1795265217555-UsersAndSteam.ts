import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Users signed in through Steam, the replay guard for OpenID nonces, the per-user inventory cache,
 * the trade bot's heartbeat, and the simulated Steam's own state (accounts, items, issued assertions).
 */
export class UsersAndSteam1795265217555 implements MigrationInterface {
  name = 'UsersAndSteam1795265217555';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        steam_id text NOT NULL UNIQUE CHECK (steam_id ~ '^7656[0-9]{13}$'),
        username text NOT NULL DEFAULT '',
        display_name text NOT NULL DEFAULT '',
        email text NOT NULL DEFAULT '',
        trade_url text NOT NULL DEFAULT '',
        avatar text NOT NULL DEFAULT '',
        profile_url text NOT NULL DEFAULT '',
        deposit_reference text NOT NULL UNIQUE,
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        last_login_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE openid_nonces (
        nonce text PRIMARY KEY,
        seen_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE inventory_cache (
        steam_id text PRIMARY KEY,
        fetched_at timestamptz NOT NULL,
        is_private boolean NOT NULL,
        items jsonb NOT NULL,
        backoff_until timestamptz
      )`);
    await queryRunner.query(`
      CREATE TABLE bot_heartbeats (
        bot text PRIMARY KEY,
        last_seen_at timestamptz NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE sim_steam_accounts (
        steam_id text PRIMARY KEY,
        persona_name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE sim_steam_items (
        assetid text PRIMARY KEY,
        steam_id text NOT NULL REFERENCES sim_steam_accounts (steam_id),
        position bigserial NOT NULL,
        item jsonb NOT NULL
      )`);
    await queryRunner.query('CREATE INDEX sim_steam_items_owner_idx ON sim_steam_items (steam_id, position)');
    await queryRunner.query(`
      CREATE TABLE sim_openid_assertions (
        sig text PRIMARY KEY,
        claimed_id text NOT NULL,
        issued_at timestamptz NOT NULL DEFAULT now(),
        checked_at timestamptz
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['sim_openid_assertions', 'sim_steam_items', 'sim_steam_accounts', 'bot_heartbeats', 'inventory_cache', 'openid_nonces', 'users']) {
      await queryRunner.query(`DROP TABLE ${table}`);
    }
  }
}
