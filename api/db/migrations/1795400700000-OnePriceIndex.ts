import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The catalogue's price order, both ways, from one index: a B-tree on (price_cents, id) is read
 * backwards for `ORDER BY price_cents DESC, id DESC` as cheaply as forwards, so the descending copy
 * only cost every listing write (and the seed's bulk load) a second index of the same keys.
 */
export class OnePriceIndex1795400700000 implements MigrationInterface {
  name = 'OnePriceIndex1795400700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX listings_available_price_idx');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX listings_available_price_idx ON listings (price_cents DESC, id DESC) WHERE sold_at IS NULL AND status IN ('holding', 'active')`,
    );
  }
}
