/**
 * The Idempotency-Key record commits with the work it guards, or not at all. Faults are injected
 * in PostgreSQL itself: a trigger on the key's row fires when the answer is being stored — after
 * the command moved the money, in the same transaction — and kills that database connection or
 * raises an error. The trigger only matches this test's own key, so parallel test files are not
 * affected, and it notes how many of the user's ledger entries it saw in a sequence (sequences are
 * not transactional), which proves the money had moved when the work died.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, uniqueSteamId } from '../test/signIn';
import { startTestApp, type TestApp, type TestClient } from '../test/testApp';
import { balanceOf, fund } from '../test/wallet';

let app: TestApp;
beforeAll(async () => {
  // Withdrawals of checkout deposits at once: the clearing period is not what this file is about.
  app = await startTestApp({ env: { DEPOSIT_CLEARING_DAYS: '0' } });
});
afterAll(() => app.close());

const query = (sql: string, parameters?: unknown[]) => app.services.dataSource.query(sql, parameters);

/** Installs a one-key fault on storing the answer; returns what it saw and the way to remove it. */
async function faultOnStoringAnswer(key: string, fault: 'kill-connection' | 'raise') {
  const name = `test_fault_${randomUUID().replace(/-/g, '')}`;
  const action =
    fault === 'kill-connection' ? 'PERFORM pg_terminate_backend(pg_backend_pid());' : `RAISE EXCEPTION 'injected fault before the answer is stored';`;
  await query(`CREATE SEQUENCE ${name}_seen MINVALUE 0 START 0`);
  await query(`
    CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM setval('${name}_seen', (SELECT count(*) FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
                                      WHERE a.kind = 'user_available' AND a.user_id = NEW.user_id));
      ${action}
      RETURN NEW;
    END $$`);
  await query(`
    CREATE TRIGGER ${name} BEFORE UPDATE ON idempotency_keys FOR EACH ROW
    WHEN (NEW.key = '${key}' AND NEW.response_status IS NOT NULL) EXECUTE FUNCTION ${name}()`);
  return {
    /** The user's ledger entries the dying transaction could see (its own included). */
    entriesSeen: async () => Number((await query(`SELECT last_value FROM ${name}_seen`))[0].last_value),
    remove: async () => {
      await query(`DROP TRIGGER ${name} ON idempotency_keys`);
      await query(`DROP FUNCTION ${name}`);
      await query(`DROP SEQUENCE ${name}_seen`);
    },
  };
}

async function userIdOf(client: TestClient): Promise<string> {
  const { steamId } = (await client.get<{ steamId: string }>('/api/user')).body;
  return (await query('SELECT id FROM users WHERE steam_id = $1', [steamId]))[0].id as string;
}

const countOf = async (sql: string, userId: string) => Number((await query(sql, [userId]))[0].n);
const userEntries = (userId: string) =>
  countOf(`SELECT count(*) AS n FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id WHERE a.kind = 'user_available' AND a.user_id = $1`, userId);

describe('a failure between the money movement and the stored answer', () => {
  for (const fault of ['kill-connection', 'raise'] as const) {
    it(`(${fault}) leaves no trace, and a retry with the same key moves the money exactly once`, async () => {
      const client = await signIn(app, uniqueSteamId());
      await fund(client, '50.00');
      const userId = await userIdOf(client);
      const key = `crash-${randomUUID()}`;
      const body = { amount: '20.00', method: { type: 'paypal', paypalEmail: 'retry@example.com' } };
      const injected = await faultOnStoringAnswer(key, fault);
      try {
        const crashed = await client.post('/api/withdrawals', body, { 'idempotency-key': key });
        expect(crashed.status).toBeGreaterThanOrEqual(500);
        // Inside the dying transaction the withdrawal had been posted (deposit + withdrawal) …
        expect(await injected.entriesSeen()).toBe(2);
      } finally {
        await injected.remove();
      }
      // … and none of it, nor the key, survived.
      expect(await balanceOf(client)).toBe('50.00');
      expect(await countOf('SELECT count(*) AS n FROM withdrawals WHERE user_id = $1', userId)).toBe(0);
      expect(Number((await query('SELECT count(*) AS n FROM idempotency_keys WHERE user_id = $1 AND key = $2', [userId, key]))[0].n)).toBe(0);

      const retried = await client.post('/api/withdrawals', body, { 'idempotency-key': key });
      expect(retried.status).toBe(201);
      expect(retried.headers.get('idempotent-replayed')).toBeNull();
      const replayed = await client.post('/api/withdrawals', body, { 'idempotency-key': key });
      expect(replayed.status).toBe(201);
      expect(replayed.headers.get('idempotent-replayed')).toBe('true');
      expect(replayed.text).toBe(retried.text);

      expect(await balanceOf(client)).toBe('30.00');
      expect(await countOf('SELECT count(*) AS n FROM withdrawals WHERE user_id = $1', userId)).toBe(1);
      expect(await userEntries(userId)).toBe(2);
    });
  }

  it('a deposit whose answer could not be stored leaves no deposit; the retry makes exactly one', async () => {
    const client = await signIn(app, uniqueSteamId());
    const userId = await userIdOf(client);
    const key = `crash-${randomUUID()}`;
    const body = { method: 'paypal', amount: '25.00' };
    const injected = await faultOnStoringAnswer(key, 'kill-connection');
    try {
      expect((await client.post('/api/deposits', body, { 'idempotency-key': key })).status).toBeGreaterThanOrEqual(500);
    } finally {
      await injected.remove();
    }
    expect(await countOf('SELECT count(*) AS n FROM deposits WHERE user_id = $1', userId)).toBe(0);

    const retried = await client.post<{ depositId: string; checkoutUrl: string }>('/api/deposits', body, { 'idempotency-key': key });
    expect(retried.status).toBe(201);
    const replayed = await client.post('/api/deposits', body, { 'idempotency-key': key });
    expect(replayed.text).toBe(retried.text);
    expect(await countOf('SELECT count(*) AS n FROM deposits WHERE user_id = $1', userId)).toBe(1);

    // The checkout the retry answered is the one that credits the deposit, once.
    const paid = await fetch(`${retried.body.checkoutUrl}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(302);
    expect(await balanceOf(client)).toBe('25.00');
  });

  it('repeats waiting on a first request that dies are not stuck: the key runs once in the end', async () => {
    const client = await signIn(app, uniqueSteamId());
    await fund(client, '40.00');
    const userId = await userIdOf(client);
    const key = `crash-${randomUUID()}`;
    const body = { amount: '15.00', method: { type: 'paypal', paypalEmail: 'wait@example.com' } };
    // While the fault is in place every attempt to store this key's answer dies; the repeats that
    // waited on the key behind a dying attempt get the key next (and die too, or run once the
    // fault is gone). None of them may wait for a claim that no longer exists.
    const injected = await faultOnStoringAnswer(key, 'raise');
    const removed = (async () => {
      while ((await injected.entriesSeen()) === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      await injected.remove();
    })();
    const answers = await Promise.all(Array.from({ length: 5 }, () => client.post('/api/withdrawals', body, { 'idempotency-key': key })));
    await removed;
    expect(answers.map((answer) => answer.status).filter((status) => status !== 201 && status < 500)).toEqual([]);
    const final = await client.post('/api/withdrawals', body, { 'idempotency-key': key });
    expect(final.status).toBe(201);
    const succeeded = [...answers.filter((answer) => answer.status === 201), final];
    expect(new Set(succeeded.map((answer) => answer.text)).size).toBe(1);
    expect(await balanceOf(client)).toBe('25.00');
    expect(await countOf('SELECT count(*) AS n FROM withdrawals WHERE user_id = $1', userId)).toBe(1);
  });
});

describe('the wait for a key', () => {
  it("bounds the claim only: the request's work and its stored answer run with lock_timeout at its default", async () => {
    const client = await signIn(app, uniqueSteamId());
    await fund(client, '40.00');
    const key = `timeout-${randomUUID()}`;
    // When the answer is stored, a trigger notes the transaction's lock_timeout (in ms, plus one).
    const name = `test_lock_timeout_${randomUUID().replace(/-/g, '')}`;
    await query(`CREATE SEQUENCE ${name} MINVALUE 0 START 0`);
    await query(`
      CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM setval('${name}', 1 + (SELECT setting::bigint FROM pg_settings WHERE name = 'lock_timeout'));
        RETURN NEW;
      END $$`);
    await query(`CREATE TRIGGER ${name} BEFORE UPDATE ON idempotency_keys FOR EACH ROW WHEN (NEW.key = '${key}') EXECUTE FUNCTION ${name}()`);
    try {
      const response = await client.post('/api/withdrawals', { amount: '15.00', method: { type: 'paypal', paypalEmail: 'timeout@example.com' } }, { 'idempotency-key': key });
      expect(response.status).toBe(201);
      const [{ setting }] = await query(`SELECT reset_val::bigint AS setting FROM pg_settings WHERE name = 'lock_timeout'`);
      expect(Number((await query(`SELECT last_value FROM ${name}`))[0].last_value)).toBe(Number(setting) + 1);
    } finally {
      await query(`DROP TRIGGER ${name} ON idempotency_keys`);
      await query(`DROP FUNCTION ${name}`);
      await query(`DROP SEQUENCE ${name}`);
    }
  });
});
