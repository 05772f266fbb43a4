import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Web Push: the devices that asked to be notified of their owner's listing changes, and which
 * listing events have been pushed (each is claimed once, by whichever API process gets it first).
 */
export class WebPush1795300400000 implements MigrationInterface {
  name = 'WebPush1795300400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE push_subscriptions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        endpoint text NOT NULL UNIQUE,
        p256dh text NOT NULL,
        auth text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id)');
    await queryRunner.query(`
      CREATE TABLE push_sent (
        event_id bigint PRIMARY KEY REFERENCES domain_events (id) ON DELETE CASCADE,
        claimed_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE INDEX domain_events_type_idx ON domain_events (type, created_at)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE push_sent');
    await queryRunner.query('DROP INDEX domain_events_type_idx');
    await queryRunner.query('DROP TABLE push_subscriptions');
  }
}
