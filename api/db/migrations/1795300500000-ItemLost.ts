import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * A listing cancelled by an operator because the bot no longer holds its item and the trade history
 * shows no reversal (ops `cancel-lost-listing`): cancel reason `item_lost`.
 */
export class ItemLost1795300500000 implements MigrationInterface {
  name = 'ItemLost1795300500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE listings DROP CONSTRAINT listings_cancel_reason_check');
    await queryRunner.query(`ALTER TABLE listings ADD CONSTRAINT listings_cancel_reason_check CHECK (cancel_reason IN ('seller', 'trade_reversed', 'item_lost'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE listings DROP CONSTRAINT listings_cancel_reason_check');
    await queryRunner.query(`ALTER TABLE listings ADD CONSTRAINT listings_cancel_reason_check CHECK (cancel_reason IN ('seller', 'trade_reversed'))`);
  }
}
