import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Disputes won: when the provider rules for us it gives the disputed money back, and the user gets
 * back what that dispute took from them. Each refund or dispute now also records what it actually
 * moved (`taken_cents`: its provider total may be more than was left of the deposit), which a
 * won dispute returns. Rows from before count what their provider total took, within the
 * deposit's reversed amount. The simulated provider records when a dispute was won.
 */
export class DisputesWon1795400400000 implements MigrationInterface {
  name = 'DisputesWon1795400400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE deposit_reversals ADD COLUMN taken_cents bigint NOT NULL DEFAULT 0 CHECK (taken_cents >= 0)');
    await queryRunner.query(`
      UPDATE deposit_reversals r SET taken_cents = LEAST(r.cents, d.reversed_cents)
      FROM deposits d WHERE d.id = r.deposit_id`);
    await queryRunner.query('ALTER TABLE sim_payment_checkouts ADD COLUMN dispute_won_at timestamptz');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE sim_payment_checkouts DROP COLUMN dispute_won_at');
    await queryRunner.query('ALTER TABLE deposit_reversals DROP COLUMN taken_cents');
  }
}
