import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIMULATED_SIGNATURE_HEADER, signSimulatedWebhook, simulatedWebhookSecret } from '../../dev/pay/gateway';
import { signIn, uniqueSteamId } from '../../test/signIn';
import { startTestApp, type TestApp, type TestClient } from '../../test/testApp';
import { balanceOf, fund, idempotencyKey, pressCheckout, startDeposit } from '../../test/wallet';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** The signed-in user's deposits only: the file's other tests create deposits too. */
async function depositCount(client: TestClient): Promise<number> {
  const { steamId } = (await client.get<{ steamId: string }>('/api/user')).body;
  const [row] = await app.services.dataSource.query('SELECT count(*)::int AS n FROM deposits d JOIN users u ON u.id = d.user_id WHERE u.steam_id = $1', [steamId]);
  return row.n as number;
}

describe('POST /api/deposits', () => {
  it('requires authentication', async () => {
    expect((await app.client().post('/api/deposits', { method: 'paypal', amount: '10.00' }, idempotencyKey())).status).toBe(401);
  });

  it('requires an Idempotency-Key', async () => {
    const client = await signIn(app, uniqueSteamId());
    const response = await client.post('/api/deposits', { method: 'paypal', amount: '10.00' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'idempotency_key_required' });
  });

  it('creates a pending deposit with a hosted checkout, credited once when paid', async () => {
    const client = await signIn(app, uniqueSteamId());
    const { depositId, checkoutUrl } = await startDeposit(client, '25.00');
    expect(checkoutUrl).toMatch(new RegExp(`^${app.url}/dev/pay/checkout/cs_sim_[0-9a-f]+$`));
    const page = await fetch(checkoutUrl);
    expect(await page.text()).toContain('$25.00');
    expect((await client.get<{ items: Array<{ id: string; status: string }> }>('/api/deposits')).body.items[0]).toMatchObject({
      id: depositId,
      status: 'pending',
      amount: '25.00',
    });
    expect(await balanceOf(client)).toBe('0.00');

    expect(await pressCheckout(checkoutUrl, 'pay')).toBe(`${app.url}/add-funds?deposit=success`);
    expect(await balanceOf(client)).toBe('25.00');
    expect((await client.get<{ items: Array<{ status: string }> }>('/api/deposits')).body.items[0]).toMatchObject({ status: 'completed' });
    // The checkout cannot be paid twice.
    await pressCheckout(checkoutUrl, 'pay');
    expect(await balanceOf(client)).toBe('25.00');
  });

  it('leaves a cancelled checkout uncredited', async () => {
    const client = await signIn(app, uniqueSteamId());
    const { checkoutUrl } = await startDeposit(client, '40.00');
    expect(await pressCheckout(checkoutUrl, 'cancel')).toBe(`${app.url}/add-funds?deposit=cancelled`);
    expect(await balanceOf(client)).toBe('0.00');
    expect((await client.get<{ items: Array<{ status: string }> }>('/api/deposits')).body.items[0]).toMatchObject({ status: 'cancelled' });
  });

  const invalid: Array<[string, unknown, string]> = [
    ['more than two decimals', '10.005', 'Please enter a valid amount'],
    ['a negative amount', '-10.00', 'Please enter a valid amount'],
    ['zero', '0.00', 'Minimum deposit amount is $10.00'],
    ['exponent notation', '1e3', 'Please enter a valid amount'],
    ['a number instead of a string', 25, 'Please enter a valid amount'],
    ['not a number', 'ten', 'Please enter a valid amount'],
    ['below the minimum', '9.99', 'Minimum deposit amount is $10.00'],
    ['above the maximum', '1000.01', 'Maximum deposit amount is $1,000.00'],
  ];
  for (const [what, amount, message] of invalid) {
    it(`refuses ${what} with 400 and writes nothing`, async () => {
      const client = await signIn(app, uniqueSteamId());
      const before = await depositCount(client);
      const response = await client.post('/api/deposits', { method: 'paypal', amount }, idempotencyKey());
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ fields: { amount: message } });
      expect(await depositCount(client)).toBe(before);
    });
  }

  it('refuses checkout for methods that are credited by hand', async () => {
    const client = await signIn(app, uniqueSteamId());
    const response = await client.post('/api/deposits', { method: 'crypto', amount: '20.00' }, idempotencyKey());
    expect(response.status).toBe(400);
    expect(Object.keys((response.body as { fields: object }).fields)).toEqual(['method']);
  });
});

describe('GET /api/deposits', () => {
  it("shows only the caller's deposits, newest first, paginated", async () => {
    const mine = await signIn(app, uniqueSteamId());
    const other = await signIn(app, uniqueSteamId());
    await startDeposit(other, '99.00');
    for (const amount of ['10.00', '11.00', '12.00']) await startDeposit(mine, amount);
    const first = await mine.get<{ items: Array<{ amount: string }>; nextCursor: string }>('/api/deposits?limit=2');
    expect(first.body.items.map((item) => item.amount)).toEqual(['12.00', '11.00']);
    const second = await mine.get<{ items: Array<{ amount: string }>; nextCursor: string | null }>(`/api/deposits?limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body.items.map((item) => item.amount)).toEqual(['10.00']);
    expect(second.body.nextCursor).toBeNull();
    expect((await mine.get('/api/deposits?cursor=garbage')).status).toBe(400);
  });
});

describe('POST /api/webhooks/payments', () => {
  const secret = () => simulatedWebhookSecret(app.services.config, app.services.secrets.sessionKeys[0]!);

  async function pendingDeposit(amount = '30.00') {
    const client = await signIn(app, uniqueSteamId());
    const { depositId, checkoutUrl } = await startDeposit(client, amount);
    const checkoutId = checkoutUrl.split('/').pop()!;
    return { client, depositId, checkoutId };
  }

  function event(depositId: string, checkoutId: string, amountCents = '3000', type = 'checkout.completed') {
    return JSON.stringify({ id: `evt_${Math.random()}`, type, data: { checkoutId, clientReference: depositId, amountCents, currency: 'usd' } });
  }

  const send = (body: string, signature?: string) =>
    fetch(`${app.url}/api/webhooks/payments`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', ...(signature ? { [SIMULATED_SIGNATURE_HEADER]: signature } : {}) },
    });

  it('credits a correctly signed completion exactly once, however often it is repeated', async () => {
    const { client, depositId, checkoutId } = await pendingDeposit();
    const body = event(depositId, checkoutId);
    const signature = signSimulatedWebhook(secret(), body);
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => send(body, signature)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    const outcomes = await Promise.all(answers.map(async (answer) => ((await answer.json()) as { outcome: string }).outcome));
    expect(outcomes.filter((outcome) => outcome === 'credited')).toHaveLength(1);
    expect(await balanceOf(client)).toBe('30.00');
  });

  it('refuses a missing or bad signature with 401 and credits nothing', async () => {
    const { client, depositId, checkoutId } = await pendingDeposit();
    const body = event(depositId, checkoutId);
    expect((await send(body)).status).toBe(401);
    expect((await send(body, signSimulatedWebhook('not-the-secret', body))).status).toBe(401);
    expect((await send(body, signSimulatedWebhook(secret(), body.replace('3000', '300000')))).status).toBe(401);
    expect((await send(body, 'garbage')).status).toBe(401);
    expect(await balanceOf(client)).toBe('0.00');
  });

  it('refuses a stale timestamp', async () => {
    const { client, depositId, checkoutId } = await pendingDeposit();
    const body = event(depositId, checkoutId);
    const response = await send(body, signSimulatedWebhook(secret(), body, Math.floor(Date.now() / 1000) - 301));
    expect(response.status).toBe(401);
    expect(await balanceOf(client)).toBe('0.00');
  });

  it('answers 404 for an unknown deposit and 422 for a mismatch, crediting nothing', async () => {
    const { client, depositId, checkoutId } = await pendingDeposit();
    const unknown = event('00000000-0000-4000-8000-000000000000', checkoutId);
    expect((await send(unknown, signSimulatedWebhook(secret(), unknown))).status).toBe(404);
    const wrongAmount = event(depositId, checkoutId, '2999');
    const amountAnswer = await send(wrongAmount, signSimulatedWebhook(secret(), wrongAmount));
    expect(amountAnswer.status).toBe(422);
    expect(await amountAnswer.json()).toMatchObject({ code: 'amount_mismatch' });
    const wrongCheckout = event(depositId, 'cs_sim_someoneelse');
    expect((await send(wrongCheckout, signSimulatedWebhook(secret(), wrongCheckout))).status).toBe(422);
    expect(await balanceOf(client)).toBe('0.00');
  });

  it("ignores the expiry of a checkout whose deposit never committed (nothing to cancel), but not a payment for one", async () => {
    const orphan = '00000000-0000-4000-8000-000000000000';
    const expired = event(orphan, 'cs_sim_orphan', '3000', 'checkout.cancelled');
    const answer = await send(expired, signSimulatedWebhook(secret(), expired));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ outcome: 'ignored' });
    const paid = event(orphan, 'cs_sim_orphan');
    expect((await send(paid, signSimulatedWebhook(secret(), paid))).status).toBe(404);
  });

  it('answers webhooks that are not JSON with 415', async () => {
    const response = await fetch(`${app.url}/api/webhooks/payments`, { method: 'POST', body: 'x=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(response.status).toBe(415);
  });
});

describe('the deposit reference on GET /api/user', () => {
  it('is there for manual transfers', async () => {
    const client = await signIn(app, uniqueSteamId());
    await fund(client, '10.00');
    const user = (await client.get<{ depositReference: string; balance: string }>('/api/user')).body;
    expect(user.depositReference).toMatch(/^SM-/);
    expect(user.balance).toBe('10.00');
  });
});
