import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * What operators watch: the results of the periodic ledger invariant check (the last ones kept,
 * newest read by /metrics and the staff console), and the indexes that keep the business counters
 * on /metrics index-only scans however many ledger transactions and trade offers exist.
 */
export class Observability1795400200000 implements MigrationInterface {
  name = 'Observability1795400200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE ledger_invariant_checks (
        id bigserial PRIMARY KEY,
        checked_at timestamptz NOT NULL DEFAULT now(),
        -- Zero when every invariant holds; else the cents out of place, summed over the invariants.
        imbalance_cents bigint NOT NULL CHECK (imbalance_cents >= 0),
        -- Per invariant: how many transactions or accounts break it, by how much, and a few ids.
        details jsonb NOT NULL
      )`);
    await queryRunner.query('CREATE INDEX ledger_transactions_kind_idx ON ledger_transactions (kind)');
    await queryRunner.query('CREATE INDEX trade_offers_steam_state_idx ON trade_offers (steam_state)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX trade_offers_steam_state_idx');
    await queryRunner.query('DROP INDEX ledger_transactions_kind_idx');
    await queryRunner.query('DROP TABLE ledger_invariant_checks');
  }
}
