import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Page, type WalletTransaction, type Withdrawal } from '../../../shared/schemas/wallet';
import { withdrawalApprover } from '../../commands/withdrawalApprover';
import { withdrawalProcessor } from '../../commands/withdrawalProcessor';
import { signIn, uniqueSteamId } from '../../test/signIn';
import { startTestApp, type TestApp, type TestClient } from '../../test/testApp';
import { balanceOf, fund, idempotencyKey } from '../../test/wallet';
import { withdrawalDestination } from '../../wallet/withdrawalQueue';

let app: TestApp;
beforeAll(async () => {
  // The users here withdraw checkout deposits at once: a clearing period of 0 days. The period itself
  // is tested with the chargebacks (routes/webhooks/chargebacks.int.test.ts).
  app = await startTestApp({ env: { DEPOSIT_CLEARING_DAYS: '0' } });
});
afterAll(() => app.close());

const paypal = { type: 'paypal', paypalEmail: 'payout@example.com' };

async function fundedUser(amount: string): Promise<TestClient> {
  const client = await signIn(app, uniqueSteamId());
  await fund(client, amount);
  return client;
}

async function savedMethod(client: TestClient): Promise<string> {
  return (await client.post<{ id: string }>('/api/payment-methods', paypal, idempotencyKey())).body.id;
}

/** The signed-in user's withdrawals only: the file's other tests create withdrawals too. */
async function withdrawalCount(client: TestClient): Promise<number> {
  const { steamId } = (await client.get<{ steamId: string }>('/api/user')).body;
  const [row] = await app.services.dataSource.query('SELECT count(*)::int AS n FROM withdrawals w JOIN users u ON u.id = w.user_id WHERE u.steam_id = $1', [steamId]);
  return row.n as number;
}

describe('POST /api/withdrawals', () => {
  it('requires authentication', async () => {
    expect((await app.client().post('/api/withdrawals', { amount: '10.00', method: paypal }, idempotencyKey())).status).toBe(401);
  });

  it('moves the amount from the available balance to pending at once', async () => {
    const client = await fundedUser('50.00');
    const paymentMethodId = await savedMethod(client);
    const response = await client.post<{ withdrawal: Withdrawal; balance: string }>('/api/withdrawals', { amount: '20.00', paymentMethodId }, idempotencyKey());
    expect(response.status).toBe(201);
    expect(response.body.balance).toBe('30.00');
    expect(response.body.withdrawal).toMatchObject({
      amount: '20.00',
      status: 'requested',
      method: { type: 'paypal', label: 'PayPal', summary: 'PayPal · pa***@example.com' },
    });
    expect(await balanceOf(client)).toBe('30.00');
    // The pending account keeps no running balance (no hot row): its entries are what it holds.
    const [pending] = await app.services.dataSource.query(
      `SELECT e.amount::text FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
       JOIN ledger_transactions t ON t.id = e.transaction_id WHERE a.kind = 'withdrawals_pending' AND t.reference = $1`,
      [`withdrawal:${response.body.withdrawal.id}`],
    );
    expect(pending.amount).toBe('2000');
  });

  it("pays out to a new method's details, kept encrypted for the operator", async () => {
    const client = await fundedUser('15.00');
    const iban = { type: 'iban_sepa', accountHolderName: 'Ana Lima', iban: 'DE89 3704 0044 0532 0130 00', swiftCode: 'COBADEFFXXX' };
    const response = await client.post<{ withdrawal: Withdrawal }>('/api/withdrawals', { amount: '15.00', method: iban }, idempotencyKey());
    expect(response.status).toBe(201);
    expect(response.body.withdrawal.method.summary).toBe('IBAN / SEPA · DE****3000');
    const stored = JSON.stringify(await app.services.dataSource.query('SELECT * FROM withdrawals WHERE id = $1', [response.body.withdrawal.id]));
    expect(stored).not.toContain('0532013000');
    expect(await withdrawalDestination(app.services.dataSource, app.services.cipher, response.body.withdrawal.id)).toMatchObject({
      iban: 'DE89370400440532013000',
      swiftCode: 'COBADEFFXXX',
    });
  });

  const amounts: Array<[string, unknown, string]> = [
    ['zero', '0.00', 'Please enter a valid withdrawal amount'],
    ['a negative amount', '-10.00', 'Please enter a valid withdrawal amount'],
    ['more than two decimals', '10.001', 'Please enter a valid withdrawal amount'],
    ['exponent notation', '1e2', 'Please enter a valid withdrawal amount'],
    ['a JSON number', 20, 'Please enter a valid withdrawal amount'],
    ['below the minimum', '9.99', 'Minimum withdrawal amount is $10.00'],
    ['more than the balance', '25.01', 'Balance not enough - Top up balance'],
  ];
  for (const [what, amount, message] of amounts) {
    it(`refuses ${what} with its form message and changes nothing`, async () => {
      const client = await fundedUser('25.00');
      const before = await withdrawalCount(client);
      const response = await client.post('/api/withdrawals', { amount, method: paypal }, idempotencyKey());
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ fields: { amount: message } });
      expect(await balanceOf(client)).toBe('25.00');
      expect(await withdrawalCount(client)).toBe(before);
    });
  }

  it("refuses another user's saved method with 404", async () => {
    const owner = await fundedUser('20.00');
    const paymentMethodId = await savedMethod(owner);
    const intruder = await fundedUser('20.00');
    const response = await intruder.post('/api/withdrawals', { amount: '10.00', paymentMethodId }, idempotencyKey());
    expect(response.status).toBe(404);
    expect(await balanceOf(intruder)).toBe('20.00');
  });

  it('validates a new method like a saved one', async () => {
    const client = await fundedUser('20.00');
    const response = await client.post('/api/withdrawals', { amount: '10.00', method: { type: 'bank_wire_usa', bankName: 'Chase', accountHolderName: 'A B', routingNumber: '123', accountNumber: '123456' } }, idempotencyKey());
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ fields: { 'method.routingNumber': 'Invalid routing number format (must be 9 digits)' } });
    const neither = await client.post('/api/withdrawals', { amount: '10.00' }, idempotencyKey());
    expect(neither.body).toMatchObject({ fields: { paymentMethodId: 'Please select a payment method' } });
  });

  it('lets at most what the balance covers through: 50 parallel requests against a balance for 10', async () => {
    const client = await fundedUser('100.00');
    const paymentMethodId = await savedMethod(client);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => client.post('/api/withdrawals', { amount: '10.00', paymentMethodId }, idempotencyKey())),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 400)).toHaveLength(40);
    expect(answers.find((answer) => answer.status === 400)!.body).toMatchObject({ fields: { amount: 'Balance not enough - Top up balance' } });
    expect(await balanceOf(client)).toBe('0.00');
    expect((await client.get<Page<Withdrawal>>('/api/withdrawals?limit=100')).body.items).toHaveLength(10);
  });
});

describe('Idempotency-Key', () => {
  it('moves money once for 20 parallel repeats, and every repeat gets the first answer', async () => {
    const client = await fundedUser('100.00');
    const paymentMethodId = await savedMethod(client);
    const headers = { 'idempotency-key': randomUUID() };
    const answers = await Promise.all(Array.from({ length: 20 }, () => client.post('/api/withdrawals', { amount: '30.00', paymentMethodId }, headers)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
    expect(answers.filter((answer) => answer.headers.get('idempotent-replayed') === 'true')).toHaveLength(19);
    expect(await balanceOf(client)).toBe('70.00');
  });

  it('answers 422 to the same key with a different body', async () => {
    const client = await fundedUser('50.00');
    const headers = { 'idempotency-key': randomUUID() };
    expect((await client.post('/api/withdrawals', { amount: '10.00', method: paypal }, headers)).status).toBe(201);
    const reused = await client.post('/api/withdrawals', { amount: '20.00', method: paypal }, headers);
    expect(reused.status).toBe(422);
    expect(reused.body).toMatchObject({ code: 'idempotency_key_reused' });
    expect(await balanceOf(client)).toBe('40.00');
  });

  it('keeps keys per user: the same key from another user is a new request', async () => {
    const key = { 'idempotency-key': randomUUID() };
    const first = await fundedUser('20.00');
    const second = await fundedUser('20.00');
    expect((await first.post('/api/withdrawals', { amount: '10.00', method: paypal }, key)).status).toBe(201);
    expect((await second.post('/api/withdrawals', { amount: '10.00', method: paypal }, key)).status).toBe(201);
    expect(await balanceOf(first)).toBe('10.00');
    expect(await balanceOf(second)).toBe('10.00');
  });

  it('lets a refused request be retried with the same key', async () => {
    const client = await fundedUser('10.00');
    const key = { 'idempotency-key': randomUUID() };
    expect((await client.post('/api/withdrawals', { amount: '10.00', paymentMethodId: randomUUID() }, key)).status).toBe(404);
    expect((await client.post('/api/withdrawals', { amount: '10.00', paymentMethodId: randomUUID() }, key)).status).toBe(404);
  });

  it('refuses a malformed key', async () => {
    const client = await fundedUser('10.00');
    const response = await client.post('/api/withdrawals', { amount: '10.00', method: paypal }, { 'idempotency-key': 'short' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'idempotency_key_invalid' });
  });
});

describe('processing a withdrawal (operators)', () => {
  const actor = 'operator:test-ops' as const;
  async function requested(amount = '20.00') {
    const client = await fundedUser('50.00');
    const { withdrawal } = (await client.post<{ withdrawal: Withdrawal }>('/api/withdrawals', { amount, method: paypal }, idempotencyKey())).body;
    return { client, withdrawal };
  }

  it('goes requested → processing → paid; the money leaves the platform', async () => {
    const { client, withdrawal } = await requested();
    const { dataSource } = app.services;
    const fourEyesCents = app.services.config.withdrawalFourEyesCents;
    expect((await withdrawalApprover({ withdrawalId: withdrawal.id, actor, fourEyesCents, dataSource })).withdrawal.status).toBe('processing');
    const paid = await withdrawalProcessor({ withdrawalId: withdrawal.id, to: 'paid', reference: 'PP-1', actor, fourEyesCents, dataSource });
    expect(paid.withdrawal).toMatchObject({ status: 'paid', payoutReference: 'PP-1' });
    await expect(withdrawalProcessor({ withdrawalId: withdrawal.id, to: 'rejected', reason: 'Late', actor, fourEyesCents, dataSource })).rejects.toMatchObject({
      status: 409,
    });
    expect(await balanceOf(client)).toBe('30.00');
    expect((await client.get<Page<Withdrawal>>('/api/withdrawals')).body.items[0]).toMatchObject({ id: withdrawal.id, status: 'paid' });
  });

  it('returns the money when rejected, with the reason in the history', async () => {
    const { client, withdrawal } = await requested();
    const { dataSource, config } = app.services;
    await withdrawalProcessor({ withdrawalId: withdrawal.id, to: 'rejected', reason: 'PayPal account not verified', actor, fourEyesCents: config.withdrawalFourEyesCents, dataSource });
    expect(await balanceOf(client)).toBe('50.00');
    const history = (await client.get<Page<WalletTransaction>>('/api/transactions')).body.items;
    expect(history[0]).toMatchObject({ kind: 'withdrawal_reversal', amount: '+20.00', balanceAfter: '50.00' });
    expect(history[0]!.description).toContain('PayPal account not verified');
  });

  it('records who did it in the same transaction: when the audit record cannot be written, nothing changes', async () => {
    const { client, withdrawal } = await requested();
    const { dataSource } = app.services;
    const name = `test_audit_fault_${randomUUID().replace(/-/g, '')}`;
    await dataSource.query(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit unavailable'; END $$`);
    await dataSource.query(`CREATE TRIGGER ${name} BEFORE INSERT ON audit_log FOR EACH ROW WHEN (NEW.subject_id = '${withdrawal.id}') EXECUTE FUNCTION ${name}()`);
    try {
      const fourEyesCents = app.services.config.withdrawalFourEyesCents;
      await expect(withdrawalProcessor({ withdrawalId: withdrawal.id, to: 'rejected', reason: 'No', actor, fourEyesCents, dataSource })).rejects.toThrow(/audit unavailable/);
    } finally {
      await dataSource.query(`DROP TRIGGER ${name} ON audit_log`);
      await dataSource.query(`DROP FUNCTION ${name}`);
    }
    expect(await balanceOf(client)).toBe('30.00');
    expect((await client.get<Page<Withdrawal>>('/api/withdrawals')).body.items[0]).toMatchObject({ id: withdrawal.id, status: 'requested', note: null });
    const trail = await dataSource.query('SELECT action FROM audit_log WHERE subject_id = $1 ORDER BY id', [withdrawal.id]);
    expect(trail).toEqual([{ action: 'withdrawal.requested' }]);
  });
});

describe('GET /api/transactions', () => {
  it("lists the caller's ledger history newest first with the balance after each, paginated", async () => {
    const client = await fundedUser('40.00');
    await fund(client, '10.00');
    await client.post('/api/withdrawals', { amount: '15.00', method: paypal }, idempotencyKey());
    const first = (await client.get<Page<WalletTransaction>>('/api/transactions?limit=2')).body;
    expect(first.items.map(({ kind, amount, balanceAfter }) => ({ kind, amount, balanceAfter }))).toEqual([
      { kind: 'withdrawal', amount: '-15.00', balanceAfter: '35.00' },
      { kind: 'deposit', amount: '+10.00', balanceAfter: '50.00' },
    ]);
    expect(first.items[1]!.description).toBe('Deposit via PayPal checkout ($10.00)');
    const second = (await client.get<Page<WalletTransaction>>(`/api/transactions?limit=2&cursor=${first.nextCursor}`)).body;
    expect(second.items.map((item) => item.amount)).toEqual(['+40.00']);
    expect(second.nextCursor).toBeNull();
    const stranger = await signIn(app, uniqueSteamId());
    expect((await stranger.get<Page<WalletTransaction>>('/api/transactions')).body.items).toEqual([]);
  });

  it('requires authentication', async () => {
    expect((await app.client().get('/api/transactions')).status).toBe(401);
  });
});
