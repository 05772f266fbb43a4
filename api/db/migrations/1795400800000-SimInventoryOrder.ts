import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The simulated Steam's inventory pages (api/dev/steam/accounts.ts, inventoryPageOf) read an
 * account's items newest first, by asset id as a number, and count the items of a context. The
 * owner index follows that order, so a page walks it from its start instead of sorting every item
 * of the account (the bot's inventory holds every seeded listing's item, a million in the
 * benchmark, and the simulated bot reads a one-item page of it at each hold end), and carries
 * protected_until so the count reads the index alone. `position` orders nothing any more.
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
