import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Listings by the deposit offer that brought their item in. The market sweep looks for reversed
 * trades among the deposits still in protection (api/jobs/sweep.ts, detectReversals): without this
 * index PostgreSQL read every holding listing to join it to its deposit, also the ones that have
 * none (the demo's seeded market: 1.4 s a pass at a million listings); with it, the join starts
 * from the deposits (0.5 ms there). A market whose holding listings all came by deposit still
 * reads each of them once a pass. Partial: listings without a deposit offer never enter it, so a
 * bulk load of them leaves it alone (api/dev/seed/bulkLoad.ts).
 */
export class DepositIndex1795400900000 implements MigrationInterface {
  name = 'DepositIndex1795400900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE INDEX listings_deposit_idx ON listings (trade_offer_id) WHERE trade_offer_id IS NOT NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX listings_deposit_idx');
  }
}
