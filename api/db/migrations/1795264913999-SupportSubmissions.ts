import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** Contact messages and issue reports, stored so support and operators can answer them. */
export class SupportSubmissions1795264913999 implements MigrationInterface {
  name = 'SupportSubmissions1795264913999';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE contact_messages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
        email text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
        subject text NOT NULL CHECK (length(subject) BETWEEN 1 AND 200),
        category text NOT NULL,
        message text NOT NULL CHECK (length(message) BETWEEN 1 AND 5000),
        created_at timestamptz NOT NULL DEFAULT now(),
        emailed_at timestamptz
      )`);
    await queryRunner.query('CREATE INDEX contact_messages_created_at_idx ON contact_messages (created_at DESC)');
    await queryRunner.query(`
      CREATE TABLE issue_reports (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        issue_type text NOT NULL,
        severity text NOT NULL,
        title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
        description text NOT NULL CHECK (length(description) BETWEEN 1 AND 5000),
        steps_to_reproduce text NOT NULL DEFAULT '',
        expected_behavior text NOT NULL DEFAULT '',
        actual_behavior text NOT NULL DEFAULT '',
        email text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
        steam_id text,
        include_screenshot boolean NOT NULL DEFAULT false,
        system_info jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        emailed_at timestamptz
      )`);
    await queryRunner.query('CREATE INDEX issue_reports_created_at_idx ON issue_reports (created_at DESC)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE issue_reports');
    await queryRunner.query('DROP TABLE contact_messages');
  }
}
