import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The wallet: a double-entry ledger (accounts, immutable entries grouped in transactions that sum
 * to zero, available balances that the database itself keeps from going negative), deposits,
 * withdrawals, encrypted payment methods, idempotency records, and the simulated payment
 * provider's checkouts.
 */
export class Wallet1795266488568 implements MigrationInterface {
  name = 'Wallet1795266488568';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE ledger_accounts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        kind text NOT NULL CHECK (kind IN ('user_available', 'withdrawals_pending', 'order_escrow', 'platform_fees', 'external')),
        user_id uuid REFERENCES users (id),
        balance bigint NOT NULL DEFAULT 0,
        CONSTRAINT ledger_accounts_owner CHECK ((kind = 'user_available') = (user_id IS NOT NULL)),
        CONSTRAINT ledger_accounts_available_not_negative CHECK (kind <> 'user_available' OR balance >= 0)
      )`);
    await queryRunner.query("CREATE UNIQUE INDEX ledger_accounts_user_idx ON ledger_accounts (user_id) WHERE kind = 'user_available'");
    await queryRunner.query('CREATE UNIQUE INDEX ledger_accounts_system_idx ON ledger_accounts (kind) WHERE user_id IS NULL');
    await queryRunner.query(`
      INSERT INTO ledger_accounts (kind) VALUES ('withdrawals_pending'), ('order_escrow'), ('platform_fees'), ('external')`);

    await queryRunner.query(`
      CREATE TABLE ledger_transactions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        kind text NOT NULL,
        description text NOT NULL,
        -- What the movement is for (e.g. deposit:<id>); unique, so nothing is applied twice.
        reference text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE ledger_entries (
        id bigserial PRIMARY KEY,
        transaction_id uuid NOT NULL REFERENCES ledger_transactions (id),
        account_id uuid NOT NULL REFERENCES ledger_accounts (id),
        amount bigint NOT NULL CHECK (amount <> 0),
        balance_after bigint NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE INDEX ledger_entries_account_idx ON ledger_entries (account_id, id DESC)');
    await queryRunner.query('CREATE INDEX ledger_entries_transaction_idx ON ledger_entries (transaction_id)');
    await queryRunner.query(`
      CREATE FUNCTION ledger_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'ledger rows are immutable (%)', TG_TABLE_NAME;
      END $$`);
    await queryRunner.query(
      'CREATE TRIGGER ledger_entries_immutable BEFORE UPDATE OR DELETE ON ledger_entries FOR EACH ROW EXECUTE FUNCTION ledger_immutable()',
    );
    await queryRunner.query(
      'CREATE TRIGGER ledger_transactions_immutable BEFORE UPDATE OR DELETE ON ledger_transactions FOR EACH ROW EXECUTE FUNCTION ledger_immutable()',
    );
    // Checked at commit: every transaction's entries sum to zero.
    await queryRunner.query(`
      CREATE FUNCTION ledger_transaction_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF (SELECT sum(amount) FROM ledger_entries WHERE transaction_id = NEW.transaction_id) <> 0 THEN
          RAISE EXCEPTION 'ledger transaction % does not sum to zero', NEW.transaction_id;
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_transaction_balanced()`);

    await queryRunner.query(`
      CREATE TABLE deposits (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id),
        method text NOT NULL CHECK (method IN ('paypal', 'bank_wire_usa', 'iban_sepa', 'crypto')),
        amount_cents bigint NOT NULL CHECK (amount_cents > 0),
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'completed', 'cancelled', 'failed')),
        provider_checkout_id text UNIQUE,
        -- The bank/SEPA/crypto transfer reference an operator credited: each is credited once.
        external_reference text UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz
      )`);
    await queryRunner.query('CREATE INDEX deposits_user_idx ON deposits (user_id, created_at DESC, id DESC)');

    await queryRunner.query(`
      CREATE TABLE payment_methods (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id),
        type text NOT NULL CHECK (type IN ('paypal', 'bank_wire_usa', 'iban_sepa', 'crypto')),
        is_default boolean NOT NULL DEFAULT false,
        -- Non-secret details (names, currency, account type) and the masked forms of the secrets.
        details jsonb NOT NULL,
        masked jsonb NOT NULL,
        -- AES-256-GCM of the secret fields; key_id names the key, for rotation.
        key_id text NOT NULL,
        secret text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, type)
      )`);

    await queryRunner.query(`
      CREATE TABLE withdrawals (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id),
        amount_cents bigint NOT NULL CHECK (amount_cents >= 1000),
        status text NOT NULL DEFAULT 'requested' CHECK (status IN ('requested', 'processing', 'paid', 'rejected')),
        method_type text NOT NULL,
        method_summary text NOT NULL,
        -- The destination as it was at request time, encrypted like a payment method.
        key_id text NOT NULL,
        destination text NOT NULL,
        note text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE INDEX withdrawals_user_idx ON withdrawals (user_id, created_at DESC, id DESC)');
    await queryRunner.query('CREATE INDEX withdrawals_status_idx ON withdrawals (status, created_at)');

    await queryRunner.query(`
      CREATE TABLE idempotency_keys (
        user_id uuid NOT NULL REFERENCES users (id),
        key text NOT NULL,
        request_hash text NOT NULL,
        response_status integer,
        -- The answer's exact JSON text: replayed byte for byte (jsonb would reorder keys).
        response_body text,
        created_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz,
        PRIMARY KEY (user_id, key)
      )`);
    await queryRunner.query('CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at)');

    await queryRunner.query(`
      CREATE TABLE sim_payment_checkouts (
        id text PRIMARY KEY,
        amount_cents bigint NOT NULL,
        currency text NOT NULL,
        client_reference text NOT NULL,
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid', 'cancelled')),
        success_url text NOT NULL,
        cancel_url text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['sim_payment_checkouts', 'idempotency_keys', 'withdrawals', 'payment_methods', 'deposits', 'ledger_entries', 'ledger_transactions', 'ledger_accounts']) {
      await queryRunner.query(`DROP TABLE ${table}`);
    }
    await queryRunner.query('DROP FUNCTION ledger_transaction_balanced');
    await queryRunner.query('DROP FUNCTION ledger_immutable');
  }
}
