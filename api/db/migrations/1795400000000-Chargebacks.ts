import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Chargebacks: a refund or dispute at the payment provider reverses the deposit in the ledger.
 * What the user's available balance does not cover becomes a debt in a `user_debt` account of
 * their own (a running balance that is never above zero: it records what the user owes, repaid
 * from their next credits). Each provider event is applied once (`payment_provider_events`); each
 * deposit records how much of it was reversed, in total (never more than its amount) and per
 * refund or dispute (`deposit_reversals`), so events that restate the same reversal move nothing.
 * The payment the checkout created is kept on the deposit: disputes name only the payment. The
 * simulated provider keeps the payment, its refunds and dispute, and the events it sent (to resend).
 */
export class Chargebacks1795400000000 implements MigrationInterface {
  name = 'Chargebacks1795400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_kind_check');
    await queryRunner.query(`
      ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_kind_check
      CHECK (kind IN ('user_available', 'user_debt', 'withdrawals_pending', 'order_escrow', 'platform_fees', 'external'))`);
    await queryRunner.query('ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_owner');
    await queryRunner.query(`
      ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_owner
      CHECK ((kind IN ('user_available', 'user_debt')) = (user_id IS NOT NULL) AND (kind = 'order_escrow') = (order_id IS NOT NULL))`);
    await queryRunner.query('ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_running_balance');
    await queryRunner.query(`
      ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_running_balance
      CHECK ((kind IN ('user_available', 'user_debt', 'order_escrow')) = (balance IS NOT NULL))`);
    await queryRunner.query(`ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_debt_not_positive CHECK (kind <> 'user_debt' OR balance <= 0)`);
    await queryRunner.query(`CREATE UNIQUE INDEX ledger_accounts_user_debt_idx ON ledger_accounts (user_id) WHERE kind = 'user_debt'`);

    await queryRunner.query('ALTER TABLE deposits ADD COLUMN provider_payment_id text UNIQUE');
    await queryRunner.query('ALTER TABLE deposits ADD COLUMN reversed_cents bigint NOT NULL DEFAULT 0');
    await queryRunner.query('ALTER TABLE deposits ADD CONSTRAINT deposits_reversed_within_amount CHECK (reversed_cents BETWEEN 0 AND amount_cents)');
    // The checkout deposits still clearing, per user (withdrawable balance).
    await queryRunner.query(`CREATE INDEX deposits_clearing_idx ON deposits (user_id, completed_at) WHERE method = 'paypal' AND status = 'completed'`);
    await queryRunner.query(`
      CREATE TABLE deposit_reversals (
        deposit_id uuid NOT NULL REFERENCES deposits (id),
        -- 'refund' (all refunds of the payment, cumulatively) or 'dispute:<provider dispute id>'.
        source text NOT NULL,
        cents bigint NOT NULL CHECK (cents > 0),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (deposit_id, source)
      )`);
    await queryRunner.query(`
      CREATE TABLE payment_provider_events (
        event_id text PRIMARY KEY,
        type text NOT NULL,
        deposit_id uuid REFERENCES deposits (id),
        outcome text NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now()
      )`);

    await queryRunner.query('ALTER TABLE sim_payment_checkouts ADD COLUMN payment_id text UNIQUE');
    await queryRunner.query('ALTER TABLE sim_payment_checkouts ADD COLUMN refunded_cents bigint NOT NULL DEFAULT 0');
    await queryRunner.query('ALTER TABLE sim_payment_checkouts ADD COLUMN dispute_id text');
    await queryRunner.query(`
      CREATE TABLE sim_payment_events (
        id text PRIMARY KEY,
        checkout_id text NOT NULL REFERENCES sim_payment_checkouts (id),
        body text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DO $$ BEGIN
        IF EXISTS (SELECT 1 FROM ledger_accounts WHERE kind = 'user_debt') THEN
          RAISE EXCEPTION 'debt accounts exist; chargebacks cannot be taken out of the ledger';
        END IF;
      END $$`);
    await queryRunner.query('DROP TABLE sim_payment_events');
    await queryRunner.query('ALTER TABLE sim_payment_checkouts DROP COLUMN dispute_id, DROP COLUMN refunded_cents, DROP COLUMN payment_id');
    await queryRunner.query('DROP TABLE payment_provider_events');
    await queryRunner.query('DROP TABLE deposit_reversals');
    await queryRunner.query('DROP INDEX deposits_clearing_idx');
    await queryRunner.query('ALTER TABLE deposits DROP CONSTRAINT deposits_reversed_within_amount');
    await queryRunner.query('ALTER TABLE deposits DROP COLUMN reversed_cents, DROP COLUMN provider_payment_id');
    await queryRunner.query('DROP INDEX ledger_accounts_user_debt_idx');
    await queryRunner.query('ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_debt_not_positive');
    await queryRunner.query('ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_running_balance');
    await queryRunner.query(`
      ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_running_balance
      CHECK ((kind IN ('user_available', 'order_escrow')) = (balance IS NOT NULL))`);
    await queryRunner.query('ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_owner');
    await queryRunner.query(`
      ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_owner
      CHECK ((kind = 'user_available') = (user_id IS NOT NULL) AND (kind = 'order_escrow') = (order_id IS NOT NULL))`);
    await queryRunner.query('ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_kind_check');
    await queryRunner.query(`
      ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_kind_check
      CHECK (kind IN ('user_available', 'withdrawals_pending', 'order_escrow', 'platform_fees', 'external'))`);
  }
}
