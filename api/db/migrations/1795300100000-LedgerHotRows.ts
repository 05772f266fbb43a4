import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * No shared hot row in the ledger. Running balances, and the row lock that
 * keeps them, stay only where a constraint needs them: each user's available balance (never below
 * zero) and each order's own escrow account (never below zero), so purchases of different buyers
 * into different orders never wait on one another. The platform's accounts (`external`,
 * `withdrawals_pending`, `platform_fees`) still receive every entry but keep no running balance:
 * their balance is the sum of their entries, and their entries' `balance_after` is null.
 */
export class LedgerHotRows1795300100000 implements MigrationInterface {
  name = 'LedgerHotRows1795300100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // One escrow account per order. The old single escrow account goes; if money had ever moved
    // through it, its entries' foreign key refuses the delete and the migration stops.
    await queryRunner.query('ALTER TABLE ledger_accounts ADD COLUMN order_id uuid REFERENCES orders (id)');
    await queryRunner.query(`DELETE FROM ledger_accounts WHERE kind = 'order_escrow' AND order_id IS NULL`);
    await queryRunner.query('ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_owner');
    await queryRunner.query(`
      ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_owner
      CHECK ((kind = 'user_available') = (user_id IS NOT NULL) AND (kind = 'order_escrow') = (order_id IS NOT NULL))`);
    await queryRunner.query(`CREATE UNIQUE INDEX ledger_accounts_order_idx ON ledger_accounts (order_id) WHERE kind = 'order_escrow'`);
    await queryRunner.query('DROP INDEX ledger_accounts_system_idx');
    await queryRunner.query('CREATE UNIQUE INDEX ledger_accounts_system_idx ON ledger_accounts (kind) WHERE user_id IS NULL AND order_id IS NULL');

    // Running balances only for user and escrow accounts.
    await queryRunner.query('ALTER TABLE ledger_accounts ALTER COLUMN balance DROP NOT NULL');
    await queryRunner.query(`UPDATE ledger_accounts SET balance = NULL WHERE kind IN ('external', 'withdrawals_pending', 'platform_fees')`);
    await queryRunner.query(`
      ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_running_balance
      CHECK ((kind IN ('user_available', 'order_escrow')) = (balance IS NOT NULL))`);
    await queryRunner.query(`ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_escrow_not_negative CHECK (kind <> 'order_escrow' OR balance >= 0)`);
    await queryRunner.query('ALTER TABLE ledger_entries ALTER COLUMN balance_after DROP NOT NULL');

    // Idempotency records are now written in the transaction of the work they guard, so a committed
    // record always has its answer; claims left by the previous design are abandoned work.
    await queryRunner.query('DELETE FROM idempotency_keys WHERE response_status IS NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // Per-order escrow entries cannot be folded back into one account (entries are immutable).
    await queryRunner.query(`
      DO $$ BEGIN
        IF EXISTS (SELECT 1 FROM ledger_accounts WHERE kind = 'order_escrow') THEN
          RAISE EXCEPTION 'order escrow accounts exist; the ledger cannot go back to one escrow account';
        END IF;
      END $$`);
    await queryRunner.query('ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_escrow_not_negative');
    await queryRunner.query('ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_running_balance');
    await queryRunner.query(`
      UPDATE ledger_accounts a SET balance = (SELECT COALESCE(sum(e.amount), 0) FROM ledger_entries e WHERE e.account_id = a.id)
      WHERE balance IS NULL`);
    await queryRunner.query('ALTER TABLE ledger_accounts ALTER COLUMN balance SET NOT NULL');
    await queryRunner.query('DROP INDEX ledger_accounts_system_idx');
    await queryRunner.query('CREATE UNIQUE INDEX ledger_accounts_system_idx ON ledger_accounts (kind) WHERE user_id IS NULL');
    await queryRunner.query('DROP INDEX ledger_accounts_order_idx');
    await queryRunner.query('ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_owner');
    await queryRunner.query(`ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_owner CHECK ((kind = 'user_available') = (user_id IS NOT NULL))`);
    await queryRunner.query('ALTER TABLE ledger_accounts DROP COLUMN order_id');
    // ledger_entries.balance_after stays nullable: the platform's entries written meanwhile have none.
    await queryRunner.query(`INSERT INTO ledger_accounts (kind) VALUES ('order_escrow')`);
  }
}
