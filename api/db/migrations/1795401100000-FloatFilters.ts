import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The catalogue's float, pattern and Souvenir filters and its float order (api/market/catalogue.ts),
 * checked with EXPLAIN on 100,000 listings (docs/adr/0034-catalogue-query.md). The float's key puts
 * items without a float (vanilla knives) after every float:
 * - Float low to high walks (float key, id) from the cursor, and a float range, on the same
 *   expression, is one range of it whatever the sort. The expression's own statistics tell the
 *   planner how many rows a range holds (those of a partial index's expressions are not used:
 *   without them it guessed 500 rows for the 68 above 0.99, and walked the price order for 90 ms);
 * - a condition is a band of floats, at the far end of the float order for Battle-Scarred (150 ms
 *   walking it), and gloves start at 0.06 (26 ms): each condition's and weapon type's own rows in
 *   float order;
 * - a search by float merges each matching name's range in float order, as by price (without it,
 *   'ak-47' read the whole float order: 11 s); the filtered columns are included, as in the price
 *   one (migration CatalogueNames), so the merge reads the index alone;
 * - a pattern matches about one listing in a thousand: its own rows, in price order;
 * - Souvenirs are about one listing in fifty: their own price order.
 */
export class FloatFilters1795401100000 implements MigrationInterface {
  name = 'FloatFilters1795401100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const available = `WHERE sold_at IS NULL AND status IN ('holding', 'active')`;
    const floatKey = `(coalesce(float, 'Infinity'))`;
    await queryRunner.query(`CREATE INDEX listings_available_float_idx ON listings (${floatKey}, id) ${available}`);
    await queryRunner.query(`CREATE STATISTICS listings_float_key_stats ON ${floatKey} FROM listings`);
    for (const column of ['condition', 'weapon_type']) {
      const short = column === 'weapon_type' ? 'weapon' : column;
      await queryRunner.query(`CREATE INDEX listings_available_${short}_float_idx ON listings (${column}, ${floatKey}, id) ${available}`);
    }
    await queryRunner.query(
      `CREATE INDEX listings_available_name_key_float_idx ON listings (lower(name), ${floatKey}, id)
       INCLUDE (name, float, price_cents, weapon_type, rarity, condition, stat_trak) ${available}`,
    );
    await queryRunner.query(`CREATE INDEX listings_available_pattern_price_idx ON listings (paint_seed, price_cents, id) ${available}`);
    await queryRunner.query(`CREATE INDEX listings_available_souvenir_price_idx ON listings (price_cents, id) ${available} AND souvenir`);
    await queryRunner.query('ANALYZE listings');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const index of [
      'listings_available_souvenir_price_idx',
      'listings_available_pattern_price_idx',
      'listings_available_name_key_float_idx',
      'listings_available_weapon_float_idx',
      'listings_available_condition_float_idx',
      'listings_available_float_idx',
    ]) {
      await queryRunner.query(`DROP INDEX ${index}`);
    }
    await queryRunner.query('DROP STATISTICS listings_float_key_stats');
  }
}
