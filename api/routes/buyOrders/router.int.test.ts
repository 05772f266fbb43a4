/**
 * Buy orders over HTTP on a real PostgreSQL: placing one (the exact reserve, every refusal with
 * nothing changed, the Idempotency-Key's replay), the user's list, cancelling (the reserve's exact
 * release, another user's bid, a closed one) and an item's public book. The ledger's invariants,
 * reserves included, are checked after every test (test/fileSetup.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyOrderBookAnswer, buyOrderResultAnswer, buyOrdersPageAnswer, type BuyOrderResult } from '../../../shared/answers/buyOrders';
import { parseAnswer, type AnswerSchema } from '../../../shared/answers/z';
import { buyOrderCanceller } from '../../commands/buyOrderCanceller';
import { NOT_ENOUGH_BALANCE, TRADE_URL_REQUIRED } from '../../commands/purchaseCreator';
import { BuyOrder, User } from '../../entities';
import { reserveBalance } from '../../ledger/ledger';
import { chargeBack } from '../../ledger/postings';
import { buildListing, buildUser, uniqueToken } from '../../test/factories';
import { knownItemName, placeBid } from '../../test/buyOrders';
import { signInBuyer } from '../../test/selling';
import { signIn, uniqueSteamId } from '../../test/signIn';
import { startTestApp, type TestApp, type TestClient, type TestResponse } from '../../test/testApp';
import { balanceOf, fund, idempotencyKey } from '../../test/wallet';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

function parsed<T>(response: TestResponse, status: number, schema: AnswerSchema<T>): T {
  expect(response.status, response.text).toBe(status);
  const result = parseAnswer(schema, response.body);
  if (!result.ok) expect.fail(result.problem);
  return result.value;
}

const place = (client: TestClient, body: Record<string, unknown>, headers: Record<string, string> = idempotencyKey()) =>
  client.post<BuyOrderResult>('/api/buy-orders', body, headers);
const bookOf = (name: string) => app.client().get(`/api/items/${encodeURIComponent(name)}/buy-orders`);

/** Rows a bid writes for its user: to show that a refusal wrote none. */
async function footprint(userId: string) {
  const [row] = (await app.services.dataSource.query(
    `SELECT (SELECT count(*)::int FROM buy_orders WHERE user_id = $1) AS bids,
            (SELECT count(*)::int FROM audit_log WHERE actor = 'user:' || $1::text AND action LIKE 'buy_order.%') AS audits,
            (SELECT count(*)::int FROM domain_events WHERE user_id = $1 AND type = 'buy-order') AS events`,
    [userId],
  )) as Array<{ bids: number; audits: number; events: number }>;
  return row;
}

describe('POST /api/buy-orders', () => {
  it('reserves exactly price × quantity and answers the bid and the balance', async () => {
    const db = app.services.dataSource;
    const marketHashName = `AWP | Asiimov ${uniqueToken()} (Field-Tested)`;
    const listing = await buildListing(db, { marketHashName, priceCents: 5_000n });
    const buyer = await signInBuyer(app, '100.00');

    const answer = parsed(await place(buyer.client, { marketHashName, price: '12.34', quantity: 3, maxFloat: 0.15 }), 201, buyOrderResultAnswer);
    expect(answer).toEqual({
      buyOrder: {
        id: expect.any(String),
        marketHashName,
        name: listing.name,
        imageUrl: listing.imageUrl,
        rarity: listing.rarity,
        price: '12.34',
        quantity: 3,
        filled: 0,
        remaining: 3,
        maxFloat: 0.15,
        status: 'open',
        reserved: '37.02',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
      balance: '62.98',
    });
    expect(await balanceOf(buyer.client)).toBe('62.98');
    expect(await reserveBalance(db, answer.buyOrder.id)).toBe(3_702n);
    const transactions = (await buyer.client.get<{ items: Array<{ kind: string; amount: string }> }>('/api/transactions')).body.items;
    expect(transactions[0]).toMatchObject({ kind: 'buy_order', amount: '-37.02', balanceAfter: '62.98' });
    expect(await footprint(buyer.userId)).toEqual({ bids: 1, audits: 1, events: 1 });
    // Without a max float, any float; the whole balance may go.
    const all = parsed(await place(buyer.client, { marketHashName, price: '62.98', quantity: 1 }), 201, buyOrderResultAnswer);
    expect(all).toMatchObject({ buyOrder: { maxFloat: null, reserved: '62.98' }, balance: '0.00' });
  });

  it('replays a repeated key without moving money again, and refuses the key with another body', async () => {
    const marketHashName = await knownItemName(app.services.dataSource);
    const buyer = await signInBuyer(app, '50.00');
    const key = idempotencyKey();
    const body = { marketHashName, price: '10.00', quantity: 2 };
    const first = await place(buyer.client, body, key);
    expect(first.status).toBe(201);
    const again = await place(buyer.client, body, key);
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await balanceOf(buyer.client)).toBe('30.00');
    expect((await place(buyer.client, { ...body, quantity: 1 }, key)).status).toBe(422);
    expect(await footprint(buyer.userId)).toMatchObject({ bids: 1 });
  });

  it('refuses a balance below price × quantity with 402, changing nothing', async () => {
    const marketHashName = await knownItemName(app.services.dataSource);
    const buyer = await signInBuyer(app, '20.00');
    const refused = await place(buyer.client, { marketHashName, price: '10.01', quantity: 2 });
    expect(refused.status).toBe(402);
    expect(refused.body).toEqual({ message: NOT_ENOUGH_BALANCE, code: 'insufficient_balance' });
    expect(await balanceOf(buyer.client)).toBe('20.00');
    expect(await footprint(buyer.userId)).toEqual({ bids: 0, audits: 0, events: 0 });
  });

  it('refuses bad input with the field at fault', async () => {
    const marketHashName = await knownItemName(app.services.dataSource);
    const buyer = await signInBuyer(app, '10.00');
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ price: '1.00', quantity: 1 }, 'marketHashName'],
      [{ marketHashName: '', price: '1.00', quantity: 1 }, 'marketHashName'],
      [{ marketHashName: 'x'.repeat(201), price: '1.00', quantity: 1 }, 'marketHashName'],
      [{ marketHashName: 'AK-47 \u0000', price: '1.00', quantity: 1 }, 'marketHashName'],
      [{ marketHashName, price: '0.00', quantity: 1 }, 'price'],
      [{ marketHashName, price: '100000.01', quantity: 1 }, 'price'],
      [{ marketHashName, price: 1, quantity: 1 }, 'price'],
      [{ marketHashName, price: '1.001', quantity: 1 }, 'price'],
      [{ marketHashName, price: '1.00', quantity: 0 }, 'quantity'],
      [{ marketHashName, price: '1.00', quantity: 101 }, 'quantity'],
      [{ marketHashName, price: '1.00', quantity: 1.5 }, 'quantity'],
      [{ marketHashName, price: '1.00', quantity: '1' }, 'quantity'],
      [{ marketHashName, price: '1.00', quantity: 1, maxFloat: 1.01 }, 'maxFloat'],
      [{ marketHashName, price: '1.00', quantity: 1, maxFloat: -0.1 }, 'maxFloat'],
      [{ marketHashName, price: '1.00', quantity: 1, maxFloat: '0.1' }, 'maxFloat'],
    ];
    for (const [body, field] of bad) {
      const refused = await place(buyer.client, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body, JSON.stringify(body)).toMatchObject({ code: 'validation_failed', fields: { [field]: expect.any(String) } });
    }
    expect(await footprint(buyer.userId)).toEqual({ bids: 0, audits: 0, events: 0 });
    expect(await balanceOf(buyer.client)).toBe('10.00');
  });

  it('refuses a name no listing or sale ever had', async () => {
    const buyer = await signInBuyer(app, '10.00');
    const refused = await place(buyer.client, { marketHashName: `Nothing ${uniqueToken()}`, price: '1.00', quantity: 1 });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'validation_failed', fields: { marketHashName: 'Unknown item' } });
    expect(await footprint(buyer.userId)).toEqual({ bids: 0, audits: 0, events: 0 });
  });

  it('refuses a bidder without a trade URL, a frozen one and one in debt', async () => {
    const db = app.services.dataSource;
    const marketHashName = await knownItemName(db);
    const steamId = uniqueSteamId();
    const noUrl = await signIn(app, steamId);
    await fund(noUrl, '10.00');
    const refused = await place(noUrl, { marketHashName, price: '1.00', quantity: 1 });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: TRADE_URL_REQUIRED, code: 'trade_url_required', fields: { tradeUrl: TRADE_URL_REQUIRED } });

    const frozen = await buildUser(db, { balanceCents: 1_000n, frozenAt: new Date(), frozenReason: 'test' });
    const frozenClient = await signIn(app, frozen.steamId);
    const refusedFrozen = await place(frozenClient, { marketHashName, price: '1.00', quantity: 1 });
    expect(refusedFrozen.status).toBe(403);
    expect(refusedFrozen.body).toMatchObject({ code: 'account_frozen' });
    expect(await footprint(frozen.id)).toEqual({ bids: 0, audits: 0, events: 0 });

    // A debt as a chargeback larger than the balance leaves it: owed, with nothing available.
    const debtor = await buildUser(db);
    const debtorClient = await signIn(app, debtor.steamId);
    await db.transaction((manager) => chargeBack(manager, { userId: debtor.id, cents: 500n, reference: `test-${uniqueToken()}`, description: 'test' }));
    const refusedDebtor = await place(debtorClient, { marketHashName, price: '1.00', quantity: 1 });
    expect(refusedDebtor.status).toBe(403);
    expect(refusedDebtor.body).toMatchObject({ code: 'account_in_debt' });
  });

  it('requires signing in and an Idempotency-Key', async () => {
    const marketHashName = await knownItemName(app.services.dataSource);
    expect((await app.client().post('/api/buy-orders', { marketHashName, price: '1.00', quantity: 1 }, idempotencyKey())).status).toBe(401);
    const buyer = await signInBuyer(app, '10.00');
    const keyless = await buyer.client.post('/api/buy-orders', { marketHashName, price: '1.00', quantity: 1 });
    expect(keyless.status).toBe(400);
    expect(keyless.body).toMatchObject({ code: 'idempotency_key_required' });
  });
});

describe('GET /api/buy-orders', () => {
  it("answers the user's bids newest first, a page at a time, and nobody else's", async () => {
    const db = app.services.dataSource;
    const marketHashName = await knownItemName(db);
    const buyer = await signInBuyer(app, '100.00');
    const bidder = await db.getRepository(User).findOneByOrFail({ id: buyer.userId });
    const placed: string[] = [];
    for (const price of [100n, 200n, 300n]) placed.push((await placeBid(db, marketHashName, { bidder, priceCents: price })).buyOrder.id);
    await placeBid(db, marketHashName, { priceCents: 100n });

    const first = parsed(await buyer.client.get('/api/buy-orders?limit=2'), 200, buyOrdersPageAnswer);
    expect(first.items.map((item) => item.id)).toEqual([placed[2], placed[1]]);
    expect(first.items[0]).toMatchObject({ price: '3.00', reserved: '3.00', status: 'open' });
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = parsed(await buyer.client.get(`/api/buy-orders?limit=2&cursor=${first.nextCursor}`), 200, buyOrdersPageAnswer);
    expect(second).toEqual({ items: [expect.objectContaining({ id: placed[0] })], nextCursor: null });
    expect((await buyer.client.get('/api/buy-orders?cursor=nonsense')).status).toBe(400);
    expect((await app.client().get('/api/buy-orders')).status).toBe(401);
  });
});

describe('POST /api/buy-orders/:id/cancel', () => {
  it('releases exactly what the reserve holds, once', async () => {
    const marketHashName = await knownItemName(app.services.dataSource);
    const buyer = await signInBuyer(app, '50.00');
    const { buyOrder } = parsed(await place(buyer.client, { marketHashName, price: '7.77', quantity: 5 }), 201, buyOrderResultAnswer);
    expect(await balanceOf(buyer.client)).toBe('11.15');

    const cancelled = parsed(await buyer.client.post(`/api/buy-orders/${buyOrder.id}/cancel`, undefined, idempotencyKey()), 200, buyOrderResultAnswer);
    expect(cancelled).toMatchObject({ buyOrder: { id: buyOrder.id, status: 'cancelled', filled: 0, remaining: 5, reserved: '0.00' }, balance: '50.00' });
    expect(await reserveBalance(app.services.dataSource, buyOrder.id)).toBe(0n);
    const transactions = (await buyer.client.get<{ items: Array<{ kind: string; amount: string }> }>('/api/transactions')).body.items;
    expect(transactions[0]).toMatchObject({ kind: 'buy_order_release', amount: '+38.85', balanceAfter: '50.00' });

    const twice = await buyer.client.post(`/api/buy-orders/${buyOrder.id}/cancel`);
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ code: 'buy_order_closed' });
    expect(await balanceOf(buyer.client)).toBe('50.00');
  });

  it("does not find another user's bid, or an unknown one", async () => {
    const db = app.services.dataSource;
    const marketHashName = await knownItemName(db);
    const { buyOrder } = await placeBid(db, marketHashName, { priceCents: 500n });
    const other = await signInBuyer(app, '10.00');
    for (const id of [buyOrder.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const refused = await other.client.post(`/api/buy-orders/${id}/cancel`);
      expect(refused.status, id).toBe(404);
    }
    expect((await db.getRepository(BuyOrder).findOneByOrFail({ id: buyOrder.id })).status).toBe('open');
    expect((await app.client().post(`/api/buy-orders/${buyOrder.id}/cancel`)).status).toBe(401);
  });
});

describe('GET /api/items/:marketHashName/buy-orders', () => {
  it('answers the best prices of the open bids with the units wanted, and names nobody', async () => {
    const db = app.services.dataSource;
    const marketHashName = await knownItemName(db);
    await placeBid(db, marketHashName, { priceCents: 1_000n, quantity: 2 });
    await placeBid(db, marketHashName, { priceCents: 1_000n, quantity: 3 });
    await placeBid(db, marketHashName, { priceCents: 1_250n, quantity: 1 });
    const { buyOrder: cancelled, bidder } = await placeBid(db, marketHashName, { priceCents: 9_999n, quantity: 4 });
    await buyOrderCanceller({ userId: bidder.id, buyOrderId: cancelled.id, dataSource: db });
    for (let cents = 1n; cents <= 25n; cents++) await placeBid(db, marketHashName, { priceCents: cents });

    const response = await bookOf(marketHashName);
    const book = parsed(response, 200, buyOrderBookAnswer);
    expect(book.levels).toHaveLength(20);
    expect(book.levels.slice(0, 3)).toEqual([
      { price: '12.50', quantity: 1 },
      { price: '10.00', quantity: 5 },
      { price: '0.25', quantity: 1 },
    ]);
    expect(book.levels[19]).toEqual({ price: '0.08', quantity: 1 });
    expect(book).toMatchObject({ marketHashName, totalQuantity: 31, highest: '12.50' });
    expect(response.text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect(response.text).not.toContain(bidder.steamId);
    expect(response.headers.getSetCookie()).toEqual([]);

    const history = await app.client().get(`/api/items/${encodeURIComponent(marketHashName)}/price-history`);
    expect(history.body).toMatchObject({ highestBuyOrder: '12.50' });
  });

  it("with a seller's float, answers only the bids an item of that float can fill", async () => {
    const db = app.services.dataSource;
    const marketHashName = await knownItemName(db);
    await placeBid(db, marketHashName, { priceCents: 3_000n, maxFloat: 0.07 });
    await placeBid(db, marketHashName, { priceCents: 2_000n, maxFloat: 0.15 });
    await placeBid(db, marketHashName, { priceCents: 1_000n, quantity: 2 });
    const bookAt = async (float: string) => parsed(await app.client().get(`/api/items/${encodeURIComponent(marketHashName)}/buy-orders?float=${float}`), 200, buyOrderBookAnswer);

    expect(await bookAt('0.05')).toMatchObject({ highest: '30.00', totalQuantity: 4 });
    expect(await bookAt('0.07000000000000000')).toMatchObject({ highest: '30.00', totalQuantity: 4 });
    expect(await bookAt('0.1')).toMatchObject({ highest: '20.00', totalQuantity: 3 });
    expect(await bookAt('0.5')).toMatchObject({ levels: [{ price: '10.00', quantity: 2 }], highest: '10.00', totalQuantity: 2 });
    for (const bad of ['1.5', '-0.1', '7e-2', 'abc', '']) {
      expect((await app.client().get(`/api/items/${encodeURIComponent(marketHashName)}/buy-orders?float=${bad}`)).status, bad).toBe(400);
    }
  });

  it('answers an empty book for a name nobody bids on, and refuses names no item has', async () => {
    const name = `Nothing ${uniqueToken()}`;
    expect(parsed(await bookOf(name), 200, buyOrderBookAnswer)).toEqual({ marketHashName: name, levels: [], totalQuantity: 0, highest: null });
    expect((await bookOf('x'.repeat(201))).status).toBe(400);
  });
});
