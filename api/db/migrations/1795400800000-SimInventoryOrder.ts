import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The simulated Steam's inventory pages (api/dev/steam/accounts.ts, inventoryPageOf) read an
 * account's items newest first, by asset id as a number, and count the items of a context. The
 * owner index was on (steam_id, position), an order nothing reads: each page sorted every item of
 * the account. The bot's inventory holds every seeded listing's item (a million in the benchmark),
 * and the simulated bot reads a one-item page of it for each hold end, so each took two scans of
 * the whole inventory. Now a page walks the index from its start, and the count reads the index
 * alone (protected_until is carried in it).
 */
export class SimInventoryOrder1795400800000 implements MigrationInterface {
  name = 'SimInventoryOrder1795400800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX sim_steam_items_owner_idx');
    await queryRunner.query('CREATE INDEX sim_steam_items_owner_idx ON sim_steam_items (steam_id, (assetid::numeric)) INCLUDE (protected_until)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX sim_steam_items_owner_idx');
    await queryRunner.query('CREATE INDEX sim_steam_items_owner_idx ON sim_steam_items (steam_id, position)');
  }
}
