import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The catalogue at a million listings (api/market/catalogue.ts):
 * - `listing_names`: every listing name ever listed, lower-cased (a few thousand, however many
 *   listings), kept by a statement trigger on listings (one statement per INSERT or COPY, not one
 *   per row) and searched by substring through its own trigram index. A search finds the names
 *   first, then reads each name's first rows from an index on (lower(name), sort key), so its cost
 *   follows the number of matching names, not of matching listings: the trigram index on all
 *   listings answered "ak-47" by fetching and sorting every AK-47 listing (29 ms at 100,000, ten
 *   times that at a million) and goes. A search in many names merges their ranges from an index
 *   alone: (lower(name), price_cents, id), which carries the name and the filtered columns;
 * - Name A-Z is case-insensitive: the name sort indexes are on lower(name), which under the
 *   database's C collation orders 'MAG-7 | Silver' before 'MAG-7 | SWAG-7', as a person reads them.
 */
export class CatalogueNames1795400600000 implements MigrationInterface {
  name = 'CatalogueNames1795400600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const available = `WHERE sold_at IS NULL AND status IN ('holding', 'active')`;
    await queryRunner.query('CREATE TABLE listing_names (name_key text PRIMARY KEY)');
    await queryRunner.query('CREATE INDEX listing_names_trgm_idx ON listing_names USING gin (name_key gin_trgm_ops)');
    await queryRunner.query(`
      CREATE FUNCTION listing_names_add() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO listing_names (name_key) SELECT DISTINCT lower(name) FROM new_listings ON CONFLICT DO NOTHING;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER listing_names_add AFTER INSERT ON listings
      REFERENCING NEW TABLE AS new_listings FOR EACH STATEMENT EXECUTE FUNCTION listing_names_add()`);
    await queryRunner.query('INSERT INTO listing_names (name_key) SELECT DISTINCT lower(name) FROM listings');

    await queryRunner.query('DROP INDEX listings_available_name_trgm_idx');
    await queryRunner.query('DROP INDEX listings_available_name_idx');
    await queryRunner.query('DROP INDEX listings_available_weapon_name_idx');
    await queryRunner.query('DROP INDEX listings_available_rarity_name_idx');
    await queryRunner.query(`CREATE INDEX listings_available_name_key_idx ON listings (lower(name), id) ${available}`);
    // The name and the filterable columns are included so a search's merge reads its ranges from the
    // index alone (an index-only scan needs every column its conditions read, lower(name)'s too).
    await queryRunner.query(
      `CREATE INDEX listings_available_name_key_price_idx ON listings (lower(name), price_cents, id) INCLUDE (name, weapon_type, rarity, condition, stat_trak) ${available}`,
    );
    await queryRunner.query(`CREATE INDEX listings_available_weapon_name_idx ON listings (weapon_type, lower(name), id) ${available}`);
    await queryRunner.query(`CREATE INDEX listings_available_rarity_name_idx ON listings (rarity, lower(name), id) ${available}`);
    await queryRunner.query('ANALYZE listings');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const available = `WHERE sold_at IS NULL AND status IN ('holding', 'active')`;
    for (const index of ['listings_available_rarity_name_idx', 'listings_available_weapon_name_idx', 'listings_available_name_key_price_idx', 'listings_available_name_key_idx']) {
      await queryRunner.query(`DROP INDEX ${index}`);
    }
    await queryRunner.query(`CREATE INDEX listings_available_rarity_name_idx ON listings (rarity, name, id) ${available}`);
    await queryRunner.query(`CREATE INDEX listings_available_weapon_name_idx ON listings (weapon_type, name, id) ${available}`);
    await queryRunner.query(`CREATE INDEX listings_available_name_idx ON listings (name, id) ${available}`);
    await queryRunner.query(`CREATE INDEX listings_available_name_trgm_idx ON listings USING gin (lower(name) gin_trgm_ops) ${available}`);
    await queryRunner.query('DROP TRIGGER listing_names_add ON listings');
    await queryRunner.query('DROP FUNCTION listing_names_add()');
    await queryRunner.query('DROP TABLE listing_names');
  }
}
