import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The staff console: staff sessions (apart from customers', keyed by a hash of the cookie's token so
 * a copy of the table signs nobody in), frozen accounts, the second approval of large withdrawals,
 * payout references, the support inbox's status, assignee and internal notes, and an audit log nobody can edit: the
 * database itself refuses UPDATE, DELETE and TRUNCATE on it.
 */
export class StaffConsole1795400500000 implements MigrationInterface {
  name = 'StaffConsole1795400500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE staff_sessions (
        token_hash text PRIMARY KEY,
        email text NOT NULL,
        name text NOT NULL,
        roles text[] NOT NULL,
        -- Sent back to the provider as id_token_hint when the session ends there too.
        id_token text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        -- The absolute end (8 hours after sign-in); the idle end is last_seen_at plus 30 minutes.
        expires_at timestamptz NOT NULL
      )`);
    await queryRunner.query('CREATE INDEX staff_sessions_expires_at_idx ON staff_sessions (expires_at)');

    await queryRunner.query('ALTER TABLE users ADD COLUMN frozen_at timestamptz');
    await queryRunner.query('ALTER TABLE users ADD COLUMN frozen_reason text');
    await queryRunner.query(
      'ALTER TABLE users ADD CONSTRAINT users_frozen_reason_check CHECK ((frozen_at IS NULL) = (frozen_reason IS NULL))',
    );

    // The payout's reference at the bank or provider, given when finance marks it paid.
    await queryRunner.query('ALTER TABLE withdrawals ADD COLUMN payout_reference text');
    await queryRunner.query(`
      CREATE TABLE withdrawal_approvals (
        withdrawal_id uuid NOT NULL REFERENCES withdrawals (id),
        staff_email text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        -- One approval per person: four eyes are two different people.
        PRIMARY KEY (withdrawal_id, staff_email)
      )`);

    for (const table of ['contact_messages', 'issue_reports']) {
      await queryRunner.query(`ALTER TABLE ${table} ADD COLUMN status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed'))`);
      await queryRunner.query(`ALTER TABLE ${table} ADD COLUMN assignee text`);
      await queryRunner.query(`CREATE INDEX ${table}_open_idx ON ${table} (created_at) WHERE status = 'open'`);
    }
    await queryRunner.query(`
      CREATE TABLE support_notes (
        id bigserial PRIMARY KEY,
        item_type text NOT NULL CHECK (item_type IN ('contact_message', 'issue_report')),
        item_id uuid NOT NULL,
        author text NOT NULL,
        body text NOT NULL CHECK (length(body) BETWEEN 1 AND 5000),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE INDEX support_notes_item_idx ON support_notes (item_type, item_id, id)');

    // The simulated mode's embedded OpenID provider keeps its state here (sessions, codes, grants and
    // its signing keys), so every web process of a demo deployment serves the same sign-in.
    await queryRunner.query(`
      CREATE TABLE sim_oidc_payloads (
        model text NOT NULL,
        id text NOT NULL,
        payload jsonb NOT NULL,
        grant_id text,
        user_code text,
        uid text,
        consumed_at timestamptz,
        expires_at timestamptz,
        PRIMARY KEY (model, id)
      )`);
    await queryRunner.query('CREATE INDEX sim_oidc_payloads_grant_idx ON sim_oidc_payloads (grant_id)');
    await queryRunner.query('CREATE INDEX sim_oidc_payloads_uid_idx ON sim_oidc_payloads (uid)');

    // The audit log searched by actor or action, exact or by prefix (`staff:`, `withdrawal.`), in any
    // collation, and by a bare subject id.
    await queryRunner.query('CREATE INDEX audit_log_actor_idx ON audit_log (actor text_pattern_ops, id)');
    await queryRunner.query('CREATE INDEX audit_log_action_idx ON audit_log (action text_pattern_ops, id)');
    await queryRunner.query('CREATE INDEX audit_log_subject_id_idx ON audit_log (subject_id, id)');
    // The console's user search: e-mail in any case, part of a name (trigrams).
    await queryRunner.query('CREATE INDEX users_email_lower_idx ON users (lower(email))');
    await queryRunner.query('CREATE INDEX users_names_trgm_idx ON users USING gin (lower(display_name) gin_trgm_ops, lower(username) gin_trgm_ops)');
    // The market's attention list: listings lately cancelled for a reversal or a lost item, and the featured ones.
    await queryRunner.query(`CREATE INDEX listings_reversed_lost_idx ON listings (updated_at) WHERE cancel_reason IN ('trade_reversed', 'item_lost')`);
    await queryRunner.query('CREATE INDEX listings_featured_updated_idx ON listings (updated_at) WHERE featured');
    // The console's overview: deposits awaiting money, and listings counted by status (index-only).
    await queryRunner.query(`CREATE INDEX deposits_pending_idx ON deposits (created_at) WHERE status = 'pending'`);
    await queryRunner.query('CREATE INDEX listings_status_idx ON listings (status)');
    await queryRunner.query(`
      CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
      FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`);
    await queryRunner.query(`
      CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
      FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER audit_log_no_truncate ON audit_log');
    await queryRunner.query('DROP TRIGGER audit_log_no_change ON audit_log');
    await queryRunner.query('DROP FUNCTION audit_log_append_only()');
    await queryRunner.query('DROP INDEX listings_status_idx');
    await queryRunner.query('DROP INDEX deposits_pending_idx');
    for (const index of ['listings_featured_updated_idx', 'listings_reversed_lost_idx', 'users_names_trgm_idx', 'users_email_lower_idx', 'audit_log_subject_id_idx', 'audit_log_action_idx', 'audit_log_actor_idx']) {
      await queryRunner.query(`DROP INDEX ${index}`);
    }
    await queryRunner.query('DROP TABLE sim_oidc_payloads');
    await queryRunner.query('DROP TABLE support_notes');
    for (const table of ['contact_messages', 'issue_reports']) {
      await queryRunner.query(`DROP INDEX ${table}_open_idx`);
      await queryRunner.query(`ALTER TABLE ${table} DROP COLUMN assignee`);
      await queryRunner.query(`ALTER TABLE ${table} DROP COLUMN status`);
    }
    await queryRunner.query('DROP TABLE withdrawal_approvals');
    await queryRunner.query('ALTER TABLE withdrawals DROP COLUMN payout_reference');
    await queryRunner.query('ALTER TABLE users DROP CONSTRAINT users_frozen_reason_check');
    await queryRunner.query('ALTER TABLE users DROP COLUMN frozen_reason');
    await queryRunner.query('ALTER TABLE users DROP COLUMN frozen_at');
    await queryRunner.query('DROP TABLE staff_sessions');
  }
}
