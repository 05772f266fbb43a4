import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Process roles: a web process that does not run the trade bot records a seller's cancel of an open
 * offer for the leading worker (`cancel_requested_at`), and the bot's heartbeat names the process
 * that leads it (`process`), for /api/bot-status and operators.
 */
export class ProcessRoles1795400300000 implements MigrationInterface {
  name = 'ProcessRoles1795400300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE trade_offers ADD COLUMN cancel_requested_at timestamptz');
    await queryRunner.query("CREATE INDEX trade_offers_cancel_requested_idx ON trade_offers (cancel_requested_at) WHERE cancel_requested_at IS NOT NULL AND status = 'open'");
    await queryRunner.query('ALTER TABLE bot_heartbeats ADD COLUMN process text');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE bot_heartbeats DROP COLUMN process');
    await queryRunner.query('DROP INDEX trade_offers_cancel_requested_idx');
    await queryRunner.query('ALTER TABLE trade_offers DROP COLUMN cancel_requested_at');
  }
}
