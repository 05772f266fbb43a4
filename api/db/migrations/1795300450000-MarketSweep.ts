import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Indexes for the market sweep's periodic questions, so they stay index scans however many
 * listings exist: sold listings whose hold ended before they were bought (delivery to start) and
 * seller-cancelled listings (return to send).
 */
export class MarketSweep1795300450000 implements MigrationInterface {
  name = 'MarketSweep1795300450000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX listings_sold_active_idx ON listings (id) WHERE status = 'active' AND sold_at IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX listings_seller_cancelled_idx ON listings (hold_end_time) WHERE status = 'cancelled' AND cancel_reason = 'seller'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX listings_seller_cancelled_idx');
    await queryRunner.query('DROP INDEX listings_sold_active_idx');
  }
}
