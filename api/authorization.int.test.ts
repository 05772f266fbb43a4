/**
 * Authorization sweep: every user-owned resource the API addresses by id — in a
 * path (`:id` routes, discovered from the router so a new one cannot land unchecked) or in a body
 * (a saved payment method chosen for a withdrawal) — answers another user's real id with 404, the
 * same as an unknown id, and changes nothing for either user. The owner's own request then
 * succeeds, so each 404 is about ownership and not a broken route.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuyOrderResult } from '../shared/schemas/buyOrders';
import { type Listing as ListingJson, type TradeOfferStatus } from '../shared/schemas/market';
import { type PaymentMethod } from '../shared/schemas/wallet';
import { apiRouter } from './routes';
import { balanceCents, listItems, listingRow, offerRow, signInBuyer, signInSeller, type Buyer, type Seller } from './test/selling';
import { startTestApp, type TestApp } from './test/testApp';
import { idempotencyKey } from './test/wallet';

let app: TestApp;
let owner: Seller;
let intruder: Buyer;
let listing: ListingJson;
let method: PaymentMethod;

/** The `:param` routes this file checks; a route with a path parameter missing here fails the first test. */
const CHECKED_ID_ROUTES = [
  'GET /api/trade-offer/:id/status',
  'POST /api/trade-offer/:id/cancel',
  'POST /api/listings/:id/cancel',
  'DELETE /api/payment-methods/:id',
  'POST /api/buy-orders/:id/cancel',
  'DELETE /api/watchlist/:id',
];

beforeAll(async () => {
  // The default 7-day hold keeps the owner's listing in `holding`, where the owner may still cancel it.
  app = await startTestApp({ env: { SIM_TRADE_ACCEPT_MS: '150' } });
  owner = await signInSeller(app);
  const [listed] = await listItems(app, owner, 1, '7.50');
  expect(listed).toBeDefined();
  listing = listed!;
  const saved = await owner.client.post<PaymentMethod>('/api/payment-methods', { type: 'paypal', paypalEmail: 'owner.payouts@example.com' }, idempotencyKey());
  expect(saved.status, saved.text).toBe(201);
  method = saved.body;
  intruder = await signInBuyer(app, '50.00');
}, 120_000);

afterAll(async () => {
  await app?.close();
});

/** Everything either user has that an intruder's request could change. */
async function state() {
  const db = app.services.dataSource;
  const row = await listingRow(app, listing.id);
  const offer = await offerRow(app, row.tradeOfferId!);
  const [counts] = (await db.query(
    `SELECT (SELECT count(*) FROM payment_methods WHERE user_id = $1)::int AS "ownerMethods",
            (SELECT count(*) FROM withdrawals WHERE user_id = $2)::int AS "intruderWithdrawals",
            (SELECT count(*) FROM watches WHERE user_id = $1)::int AS "ownerWatches",
            (SELECT count(*) FROM audit_log WHERE actor = 'user:' || $2)::int AS "intruderAudits",
            (SELECT count(*) FROM domain_events WHERE user_id IN ($1, $2))::int AS events`,
    [owner.userId, intruder.userId],
  )) as Array<Record<string, number>>;
  return {
    listing: { status: row.status, soldAt: row.soldAt, cancelReason: row.cancelReason, updatedAt: row.updatedAt },
    offer: { status: offer.status, updatedAt: offer.updatedAt },
    ownerBalance: await balanceCents(app, owner.userId),
    intruderBalance: await balanceCents(app, intruder.userId),
    ...counts,
  };
}

describe("another user's ids", () => {
  it('every API route with a path parameter is checked here', () => {
    // Staff routes act on any user's records by design: their roles are checked in api/routes/staff/matrix.int.test.ts.
    // Items are named by their market hash name, which nobody owns (api/routes/items/router.ts: public reads),
    // and a listing on sale is the market's, read by anyone (GET /api/skins/:id).
    const ownedByUsers = (path: string) => !path.startsWith('/api/staff/') && !path.startsWith('/api/items/') && !path.startsWith('/api/skins/');
    const withParams = apiRouter(app.services)
      .stack.filter((layer) => String(layer.path).includes(':') && ownedByUsers(String(layer.path)))
      .flatMap((layer) => layer.methods.filter((verb) => verb !== 'HEAD').map((verb) => `${verb} ${String(layer.path)}`));
    expect(withParams.length).toBeGreaterThan(0);
    expect(CHECKED_ID_ROUTES).toEqual(expect.arrayContaining(withParams));
  });

  it("a trade offer's status and cancel are 404 to anyone but its seller", async () => {
    const before = await state();
    const offerId = (await listingRow(app, listing.id)).tradeOfferId!;
    const foreign = await intruder.client.get(`/api/trade-offer/${offerId}/status`);
    expect(foreign.status, foreign.text).toBe(404);
    expect(foreign.text).not.toContain(listing.name);
    const foreignCancel = await intruder.client.post(`/api/trade-offer/${offerId}/cancel`, {});
    expect(foreignCancel.status, foreignCancel.text).toBe(404);
    expect(await state()).toEqual(before);

    const own = await owner.client.get<TradeOfferStatus>(`/api/trade-offer/${offerId}/status`);
    expect(own.status, own.text).toBe(200);
    expect(own.body.isAccepted).toBe(true);
    // Accepted already: the owner's cancel answers it as it is.
    const ownCancel = await owner.client.post<TradeOfferStatus>(`/api/trade-offer/${offerId}/cancel`, {});
    expect(ownCancel.status, ownCancel.text).toBe(200);
    expect(ownCancel.body.isAccepted).toBe(true);
  });

  it("a payment method cannot be deleted or withdrawn to by another user", async () => {
    const before = await state();
    const deleted = await intruder.client.request('DELETE', `/api/payment-methods/${method.id}`, { headers: idempotencyKey() });
    expect(deleted.status, deleted.text).toBe(404);
    const withdrawn = await intruder.client.post('/api/withdrawals', { amount: '10.00', paymentMethodId: method.id }, idempotencyKey());
    expect(withdrawn.status, withdrawn.text).toBe(404);
    expect(withdrawn.text).not.toContain('owner.payouts');
    expect(await state()).toEqual(before);

    const mine = await owner.client.get<PaymentMethod[]>('/api/payment-methods');
    expect(mine.body.map((saved) => saved.id)).toEqual([method.id]);
    const ownDelete = await owner.client.request('DELETE', `/api/payment-methods/${method.id}`, { headers: idempotencyKey() });
    expect(ownDelete.status, ownDelete.text).toBe(200);
  });

  it('a listing cannot be cancelled by another user', async () => {
    const before = await state();
    expect(before.listing.status).toBe('holding');
    const foreign = await intruder.client.post(`/api/listings/${listing.id}/cancel`, {}, idempotencyKey());
    expect(foreign.status, foreign.text).toBe(404);
    expect(await state()).toEqual(before);

    const own = await owner.client.post(`/api/listings/${listing.id}/cancel`, {}, idempotencyKey());
    expect(own.status, own.text).toBe(200);
    expect((await listingRow(app, listing.id)).status).toBe('cancelled');
  });

  it("a watch cannot be removed by another user", async () => {
    const { marketHashName } = await listingRow(app, listing.id);
    const watched = await owner.client.post<{ watch: { id: string } }>('/api/watchlist', { marketHashName });
    expect(watched.status, watched.text).toBe(201);
    const before = await state();
    const foreign = await intruder.client.request('DELETE', `/api/watchlist/${watched.body.watch.id}`);
    expect(foreign.status, foreign.text).toBe(404);
    expect(foreign.text).not.toContain(marketHashName);
    expect(await state()).toEqual(before);

    const own = await owner.client.request('DELETE', `/api/watchlist/${watched.body.watch.id}`);
    expect(own.status, own.text).toBe(204);
  });

  it('a buy order cannot be cancelled by another user', async () => {
    const { marketHashName } = await listingRow(app, listing.id);
    const placed = await intruder.client.post<BuyOrderResult>('/api/buy-orders', { marketHashName, price: '1.00', quantity: 1 }, idempotencyKey());
    expect(placed.status, placed.text).toBe(201);
    const before = await state();
    const foreign = await owner.client.post(`/api/buy-orders/${placed.body.buyOrder.id}/cancel`, {}, idempotencyKey());
    expect(foreign.status, foreign.text).toBe(404);
    expect(foreign.text).not.toContain(marketHashName);
    expect(await state()).toEqual(before);

    const own = await intruder.client.post<BuyOrderResult>(`/api/buy-orders/${placed.body.buyOrder.id}/cancel`, {}, idempotencyKey());
    expect(own.status, own.text).toBe(200);
    expect(own.body.buyOrder.status).toBe('cancelled');
  });
});
