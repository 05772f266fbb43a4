import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** Foundation: server-side sessions, shared rate-limit counters and the record of applied seeds. */
export class Foundation1795264580724 implements MigrationInterface {
  name = 'Foundation1795264580724';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE sessions (
        id text PRIMARY KEY,
        data jsonb NOT NULL,
        expires_at timestamptz NOT NULL
      )`);
    await queryRunner.query('CREATE INDEX sessions_expires_at_idx ON sessions (expires_at)');
    await queryRunner.query(`
      CREATE TABLE rate_limit_hits (
        key text NOT NULL,
        window_start timestamptz NOT NULL,
        hits integer NOT NULL,
        PRIMARY KEY (key, window_start)
      )`);
    await queryRunner.query(`
      CREATE TABLE seed_runs (
        name text PRIMARY KEY,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE seed_runs');
    await queryRunner.query('DROP TABLE rate_limit_hits');
    await queryRunner.query('DROP TABLE sessions');
  }
}
