import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../../shared/money';
import { type OrdersPage, type PurchaseResult, type SkinsPage } from '../../../shared/schemas/market';
import { purchaseCreator } from '../../commands/purchaseCreator';
import { type Listing } from '../../entities';
import { holdWithdrawal } from '../../ledger/postings';
import { encodeCursor } from '../../pagination';
import { buildListings, uniqueToken } from '../../test/factories';
import { signIn, uniqueSteamId } from '../../test/signIn';
import { startTestApp, type TestApp, type TestClient } from '../../test/testApp';
import { balanceOf, fund, idempotencyKey } from '../../test/wallet';
import { saveTradeUrl } from './fixtures';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

interface Buyer {
  client: TestClient;
  steamId: string;
  userId: string;
}

async function buyer(p: { funds?: string; tradeUrl?: boolean } = {}): Promise<Buyer> {
  const steamId = uniqueSteamId();
  const client = await signIn(app, steamId);
  if (p.tradeUrl !== false) await saveTradeUrl(client, steamId);
  if (p.funds) await fund(client, p.funds);
  const [{ id }] = await app.services.dataSource.query('SELECT id FROM users WHERE steam_id = $1', [steamId]);
  return { client, steamId, userId: id };
}

/** Listings priced exactly (cents), from one new seller (or the given one). */
function listings(prices: bigint[], sellerSteamId?: string): Promise<Listing[]> {
  const seller = sellerSteamId === undefined ? undefined : { steamId: sellerSteamId };
  return buildListings(app.services.dataSource, { count: prices.length, token: uniqueToken(), seller, overrides: (i) => ({ priceCents: prices[i]! }) });
}

type Answer = PurchaseResult & { message?: string; code?: string; fields?: Record<string, string> };
const purchase = (client: TestClient, listingIds: string[], headers: Record<string, string> = idempotencyKey()) =>
  client.post<Answer>('/api/purchases', { listingIds }, headers);

const count = async (sql: string, params: unknown[] = []) => Number((await app.services.dataSource.query(sql, params))[0].n);
const soldCount = (ids: string[]) => count('SELECT count(*) AS n FROM listings WHERE id = ANY($1) AND sold_at IS NOT NULL', [ids]);
const ordersOf = (userId: string) => count('SELECT count(*) AS n FROM orders WHERE buyer_id = $1', [userId]);

/** Everything a refused purchase must leave untouched. */
async function expectNothingWritten(who: Buyer, ids: string[], balance: string) {
  expect(await soldCount(ids)).toBe(0);
  expect(await ordersOf(who.userId)).toBe(0);
  expect(await balanceOf(who.client)).toBe(balance);
  expect(await count(`SELECT count(*) AS n FROM domain_events WHERE user_id = $1 AND type = 'order'`, [who.userId])).toBe(0);
}

describe('POST /api/purchases', () => {
  it('needs a signed-in buyer and an Idempotency-Key', async () => {
    const [listing] = await listings([500n]);
    expect((await purchase(app.client(), [listing!.id])).status).toBe(401);
    const who = await buyer();
    const keyless = await who.client.post<Answer>('/api/purchases', { listingIds: [listing!.id] });
    expect(keyless.status).toBe(400);
    expect(keyless.body.code).toBe('idempotency_key_required');
  });

  it('refuses malformed requests with 400', async () => {
    const who = await buyer();
    for (const body of [{}, { listingIds: [] }, { listingIds: ['x'] }, { listingIds: 'abc' }, { listingIds: [randomUUID()], extra: 1 }]) {
      const response = await who.client.post<Answer>('/api/purchases', body, idempotencyKey());
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    const id = randomUUID();
    expect((await purchase(who.client, [id, id])).status).toBe(400);
  });

  it('buys: the order and its items, the listings sold, the total in the order escrow, events for buyer and seller', async () => {
    const seller = uniqueSteamId();
    const bought = await listings([1234n, 2500n], seller);
    const who = await buyer({ funds: '100.00' });
    const response = await purchase(who.client, bought.map((listing) => listing.id));
    expect(response.status, response.text).toBe(201);
    expect(response.body).toMatchObject({ orderId: expect.any(String), total: '37.34', balance: '62.66' });
    expect(response.body.items).toHaveLength(2);
    for (const item of response.body.items) {
      const listing = bought.find((one) => one.id === item.listingId)!;
      expect(item).toMatchObject({ name: listing.name, status: 'awaiting_hold', refunded: false, price: formatMoney(listing.priceCents) });
      expect(item.tradableAt).toEqual(expect.any(String));
    }
    expect(await balanceOf(who.client)).toBe('62.66');
    expect(await soldCount(bought.map((listing) => listing.id))).toBe(2);

    const { dataSource } = app.services;
    const [order] = await dataSource.query('SELECT buyer_id, total_cents::int AS total, trade_url FROM orders WHERE id = $1', [response.body.orderId]);
    expect(order).toMatchObject({ buyer_id: who.userId, total: 3734, trade_url: expect.stringContaining('/tradeoffer/new/?partner=') });
    const [escrow] = await dataSource.query(`SELECT balance::int AS balance FROM ledger_accounts WHERE kind = 'order_escrow' AND order_id = $1`, [response.body.orderId]);
    expect(escrow.balance).toBe(3734);
    const types = await dataSource.query('SELECT type FROM domain_events WHERE user_id = $1 ORDER BY id', [who.userId]);
    expect(types.map((row: { type: string }) => row.type)).toEqual(expect.arrayContaining(['order', 'balance']));
    expect(await count(`SELECT count(*) AS n FROM domain_events WHERE user_id = $1 AND type = 'listing'`, [bought[0]!.sellerId])).toBe(2);
    expect(await count(`SELECT count(*) AS n FROM audit_log WHERE action = 'order.created' AND subject_id = $1`, [response.body.orderId])).toBe(1);

    // Gone from the market, listed in the buyer's orders.
    const token = bought[0]!.name.split(' ').pop()!;
    expect((await app.client().get<SkinsPage>(`/api/skins?search=${token}`)).body.items).toEqual([]);
    const orders = await who.client.get<OrdersPage>('/api/orders');
    expect(orders.status).toBe(200);
    expect(orders.body).toEqual({
      items: [
        {
          id: response.body.orderId,
          total: '37.34',
          createdAt: expect.any(String),
          items: expect.arrayContaining(response.body.items.map((item) => expect.objectContaining({ listingId: item.listingId, status: 'awaiting_hold' }))),
        },
      ],
      nextCursor: null,
    });
  });

  it("refuses the buyer's own listing with 409 and buys nothing", async () => {
    const who = await buyer({ funds: '50.00' });
    const [own] = await listings([1000n], who.steamId);
    const [other] = await listings([1000n]);
    const response = await purchase(who.client, [other!.id, own!.id]);
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ code: 'own_listing', fields: { [own!.id]: 'This is your own listing' } });
    expect(response.body.message).toContain(own!.name);
    await expectNothingWritten(who, [own!.id, other!.id], '50.00');
  });

  it('refuses unavailable listings with 409 naming them, and buys none of the cart', async () => {
    const [sold, gone, fine] = await listings([700n, 800n, 900n]);
    const first = await buyer({ funds: '20.00' });
    expect((await purchase(first.client, [sold!.id])).status).toBe(201);
    await app.services.dataSource.query(`UPDATE listings SET status = 'cancelled', cancel_reason = 'seller' WHERE id = $1`, [gone!.id]);

    const who = await buyer({ funds: '50.00' });
    const unknown = randomUUID();
    const response = await purchase(who.client, [fine!.id, sold!.id, gone!.id, unknown]);
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('listings_unavailable');
    expect(response.body.fields).toEqual({ [sold!.id]: 'No longer available', [gone!.id]: 'No longer available', [unknown]: 'No longer available' });
    expect(response.body.message).toContain(sold!.name);
    expect(response.body.message).toContain(gone!.name);
    await expectNothingWritten(who, [fine!.id], '50.00');
  });

  it('needs a saved trade URL (400) and writes nothing without one', async () => {
    const [listing] = await listings([300n]);
    const who = await buyer({ funds: '10.00', tradeUrl: false });
    const response = await purchase(who.client, [listing!.id]);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'trade_url_required', message: 'Please save your Steam trade URL in your profile before buying' });
    await expectNothingWritten(who, [listing!.id], '10.00');
  });

  it("refuses a total above the balance with 402 and 'Not enough balance - top up your balance to purchase', writing nothing", async () => {
    const [cheap, dear] = await listings([500n, 1501n]);
    const who = await buyer({ funds: '20.00' });
    const response = await purchase(who.client, [cheap!.id, dear!.id]);
    expect(response.status).toBe(402);
    expect(response.body).toMatchObject({ code: 'insufficient_balance', message: 'Not enough balance - top up your balance to purchase' });
    await expectNothingWritten(who, [cheap!.id, dear!.id], '20.00');
    // Exactly the balance is enough.
    expect((await purchase(who.client, [cheap!.id, (await listings([1500n]))[0]!.id])).status).toBe(201);
    expect(await balanceOf(who.client)).toBe('0.00');
  });

  it('the ledger is the real guard: money spent between the check and the posting makes it a 402 too', async () => {
    const [listing] = await listings([1000n]);
    const who = await buyer({ funds: '10.00' });
    // Another transaction spends the whole balance and commits only after the purchase passed its
    // balance check (it then waits for the buyer's account lock in the ledger).
    const spender = app.services.dataSource.createQueryRunner();
    await spender.connect();
    await spender.startTransaction();
    await holdWithdrawal(spender.manager, { userId: who.userId, cents: 1000n, withdrawalId: randomUUID(), description: 'Test spend' });
    const pending = purchase(who.client, [listing!.id]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await spender.commitTransaction();
    await spender.release();
    const response = await pending;
    expect(response.status).toBe(402);
    expect(response.body.code).toBe('insufficient_balance');
    await expectNothingWritten(who, [listing!.id], '0.00');
  });

  it('20 parallel purchases of one item by two buyers: exactly one wins, the money moves once', async () => {
    const [listing] = await listings([4200n]);
    const a = await buyer({ funds: '100.00' });
    const b = await buyer({ funds: '100.00' });
    const attempts = Array.from({ length: 20 }, (_, i) => purchase(i % 2 ? a.client : b.client, [listing!.id]));
    const answers = await Promise.all(attempts);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    const balances = [await balanceOf(a.client), await balanceOf(b.client)].sort();
    expect(balances).toEqual(['100.00', '58.00']);
    expect(await count('SELECT count(*) AS n FROM order_items WHERE listing_id = $1', [listing!.id])).toBe(1);
  });

  it('replays the first answer for the same key (money once), refuses the key with another body (422)', async () => {
    const [one, two] = await listings([999n, 111n]);
    const who = await buyer({ funds: '30.00' });
    const key = idempotencyKey();
    const first = await purchase(who.client, [one!.id], key);
    expect(first.status).toBe(201);
    const parallel = await Promise.all([purchase(who.client, [one!.id], key), purchase(who.client, [one!.id], key)]);
    for (const again of parallel) {
      expect(again.status).toBe(201);
      expect(again.text).toBe(first.text);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
    }
    expect(await ordersOf(who.userId)).toBe(1);
    expect(await balanceOf(who.client)).toBe('20.01');
    const other = await purchase(who.client, [two!.id], key);
    expect(other.status).toBe(422);
    expect(await soldCount([two!.id])).toBe(0);
  });

  it('a refused purchase keeps no key: the same key works once the cause is fixed', async () => {
    const [listing] = await listings([2000n]);
    const who = await buyer({ funds: '10.00' });
    const key = idempotencyKey();
    expect((await purchase(who.client, [listing!.id], key)).status).toBe(402);
    await fund(who.client, '10.00');
    expect((await purchase(who.client, [listing!.id], key)).status).toBe(201);
  });

  it('different buyers buying different listings do not wait on each other, even from one seller', async () => {
    const seller = uniqueSteamId();
    const [held, other] = await listings([100n, 200n], seller);
    const first = await buyer({ funds: '10.00' });
    const second = await buyer({ funds: '10.00' });
    const { dataSource } = app.services;
    const open = dataSource.createQueryRunner();
    await open.connect();
    await open.startTransaction();
    try {
      // The first buyer's purchase has done all its work but not committed.
      await purchaseCreator({ buyerId: first.userId, listingIds: [held!.id], dataSource, manager: open.manager });
      const started = Date.now();
      const answer = await Promise.race([
        purchase(second.client, [other!.id]),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), 5_000)),
      ]);
      expect(answer, 'the second purchase waited on the first').not.toBeNull();
      expect(answer!.status).toBe(201);
      expect(Date.now() - started).toBeLessThan(5_000);
      await open.commitTransaction();
    } finally {
      if (open.isTransactionActive) await open.rollbackTransaction();
      await open.release();
    }
    expect(await soldCount([held!.id, other!.id])).toBe(2);
    expect(await balanceOf(first.client)).toBe('9.00');
    expect(await balanceOf(second.client)).toBe('8.00');
  });
});

describe('GET /api/orders', () => {
  it('needs sign-in and shows only the caller’s orders, newest first', async () => {
    expect((await app.client().get('/api/orders')).status).toBe(401);
    const [a, b, c] = await listings([100n, 200n, 300n]);
    const who = await buyer({ funds: '10.00' });
    const other = await buyer({ funds: '10.00' });
    const firstOrder = (await purchase(who.client, [a!.id])).body.orderId;
    const secondOrder = (await purchase(who.client, [b!.id])).body.orderId;
    await purchase(other.client, [c!.id]);
    const orders = (await who.client.get<OrdersPage>('/api/orders')).body;
    expect(orders.items.map((order) => order.id)).toEqual([secondOrder, firstOrder]);
    expect(orders.nextCursor).toBeNull();
    expect(orders.items[0]!.items).toEqual([expect.objectContaining({ listingId: b!.id, price: '2.00', status: 'awaiting_hold', refunded: false })]);
  });

  it('pages over orders, each with all its items, every order exactly once while new ones arrive', async () => {
    const stock = await listings([100n, 110n, 120n, 130n, 140n, 150n, 160n, 170n, 180n, 190n]);
    const ids = stock.map((listing) => listing.id);
    const who = await buyer({ funds: '50.00' });
    const other = await buyer({ funds: '10.00' });
    // Orders of one, two and three items, and another buyer's order between them.
    const bought: Array<{ orderId: string; listingIds: string[] }> = [];
    const order = async (listingIds: string[]) => {
      const response = await purchase(who.client, listingIds);
      expect(response.status, response.text).toBe(201);
      bought.push({ orderId: response.body.orderId, listingIds });
    };
    await order(ids.slice(0, 1));
    await order(ids.slice(1, 3));
    expect((await purchase(other.client, ids.slice(3, 4))).status).toBe(201);
    await order(ids.slice(4, 7));
    await order(ids.slice(7, 8));
    await order(ids.slice(8, 9));
    const expected = [...bought].reverse();

    const first = (await who.client.get<OrdersPage>('/api/orders?limit=2')).body;
    // Bought after the first page was read: newer than it, so never on a later page.
    await order(ids.slice(9, 10));
    const seen = [...first.items];
    let cursor = first.nextCursor;
    while (cursor) {
      const page = await who.client.get<OrdersPage>(`/api/orders?limit=2&cursor=${encodeURIComponent(cursor)}`);
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.items);
      cursor = page.body.nextCursor;
    }
    expect(seen.map((one) => one.id)).toEqual(expected.map((one) => one.orderId));
    for (const [index, one] of seen.entries()) {
      expect(new Set(one.items.map((item) => item.listingId))).toEqual(new Set(expected[index]!.listingIds));
    }

    const all = (await who.client.get<OrdersPage>('/api/orders?limit=100')).body;
    expect(all.items.map((one) => one.id)).toEqual([...bought].reverse().map((one) => one.orderId));
    expect(all.nextCursor).toBeNull();
  });

  it('refuses a forged cursor and a bad limit with 400', async () => {
    const who = await buyer();
    const forged = [
      'not a cursor!',
      encodeCursor({ at: '2026-03-01T10:20:30.123456Z', id: 'not-a-uuid' }),
      encodeCursor({ id: '12345' }),
      encodeCursor({ at: '2026-03-01T10:20:30Z', id: randomUUID(), limit: 1000 }),
    ];
    for (const cursor of forged) {
      const response = await who.client.get(`/api/orders?cursor=${encodeURIComponent(cursor)}`);
      expect(response.status, cursor).toBe(400);
      expect(response.body).toMatchObject({ code: 'invalid_cursor', fields: { cursor: 'Invalid cursor' } });
    }
    for (const query of ['limit=0', 'limit=101', 'limit=many', 'limit=2.5', 'offset=20']) {
      expect((await who.client.get(`/api/orders?${query}`)).status, query).toBe(400);
    }
  });
});
