/**
 * The server keeps the contract the PWA reads by: every answer a screen reads, and every live
 * event recorded along the way, parses with its schema in shared/answers/ (the staff console's in
 * shared/schemas/staff.ts). A field renamed, dropped or written in another format on the server
 * fails here, where the PWA would otherwise fail at run time with a MalformedAnswerError.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveEventSchema } from '../shared/answers/events';
import { buyOrderBookAnswer, buyOrderResultAnswer, buyOrdersPageAnswer } from '../shared/answers/buyOrders';
import { botStatusAnswer, inventoryAnswer } from '../shared/answers/inventory';
import { priceHistoryAnswer, recentSalesAnswer } from '../shared/answers/items';
import {
  featuredSkinsAnswer,
  listingAnswer,
  listingsPageAnswer,
  marketItemAnswer,
  marketStatsAnswer,
  ordersPageAnswer,
  purchaseAnswer,
  skinsPageAnswer,
  tradeOfferCreatedAnswer,
  tradeOfferStatusAnswer,
} from '../shared/answers/market';
import { createdAnswer, pushPublicKeyAnswer } from '../shared/answers/support';
import { currentUserAnswer } from '../shared/answers/user';
import { watchlistPageAnswer, watchSavedAnswer } from '../shared/answers/watchlist';
import {
  depositCheckoutAnswer,
  depositsPageAnswer,
  paymentMethodAnswer,
  paymentMethodDeletedAnswer,
  paymentMethodsAnswer,
  transactionsPageAnswer,
  withdrawableBalanceAnswer,
  withdrawalsPageAnswer,
} from '../shared/answers/wallet';
import { noContent, parseAnswer, type AnswerSchema } from '../shared/answers/z';
import {
  auditPageSchema,
  staffAttentionListSchema,
  staffDepositListSchema,
  staffFeaturedListSchema,
  staffMeSchema,
  staffOverviewSchema,
  staffUserDetailSchema,
  staffUserListSchema,
  staffWithdrawalListSchema,
  supportItemListSchema,
} from '../shared/schemas/staff';
import { Listing } from './entities';
import { alertWatchers } from './market/watchAlerts';
import { listItems, offerItems, signInBuyer, signInSeller } from './test/selling';
import { DEMO_STAFF, signInStaff } from './test/staffSignIn';
import { startTestApp, uniqueIp, type TestApp, type TestResponse } from './test/testApp';
import { idempotencyKey } from './test/wallet';

let app: TestApp;
beforeAll(async () => {
  // Forwarded addresses count: the contact form's per-address limit is shared with the file's other tests.
  app = await startTestApp({ env: { SIM_TRADE_ACCEPT_MS: '150', TRUST_PROXY: 'true' } });
});
afterAll(() => app.close());

/** The answer's body as the PWA's client reads it: a failure names the field that differs. */
function expectAnswer<T>(response: TestResponse<unknown>, schema: AnswerSchema<T>, status = 200): T {
  expect(response.status, response.text).toBe(status);
  const parsed = parseAnswer(schema, response.text ? JSON.parse(response.text) : undefined);
  if (!parsed.ok) expect.fail(`answer does not match its schema: ${parsed.problem}\n${response.text.slice(0, 500)}`);
  return parsed.value;
}

describe('the answers the PWA reads', () => {
  it('match their shared schemas along a seller’s, a buyer’s and the staff’s ways through the product', async () => {
    const seller = await signInSeller(app);
    const sellerClient = seller.client;
    expectAnswer(await sellerClient.get('/api/inventory'), inventoryAnswer);
    expectAnswer(await sellerClient.get('/api/bot-status'), botStatusAnswer);

    const offered = expectAnswer(await offerItems(seller, seller.sellable.splice(0, 1), '3.50'), tradeOfferCreatedAnswer, 201);
    expectAnswer(await sellerClient.get(`/api/trade-offer/${offered.offerId}/status`), tradeOfferStatusAnswer);
    const [listing] = await listItems(app, seller, 2, '12.34');
    expectAnswer(await sellerClient.get('/api/listings?limit=5'), listingsPageAnswer);

    const buyer = await signInBuyer(app, '50.00');
    const client = buyer.client;
    const user = expectAnswer(await client.get('/api/user'), currentUserAnswer);
    expectAnswer(await client.request('PATCH', '/api/user/profile', { body: { email: 'ana.lima@example.com' }, headers: { 'if-match': `"${user.version}"`, ...idempotencyKey() } }), currentUserAnswer);
    expectAnswer(await client.get('/api/skins?sort=price_asc&limit=5'), skinsPageAnswer);
    expectAnswer(await client.get('/api/featured-skins'), featuredSkinsAnswer);
    expectAnswer(await client.get('/api/market-stats'), marketStatsAnswer);

    const purchase = await client.post('/api/purchases', { listingIds: [listing!.id] }, idempotencyKey());
    expectAnswer(purchase, purchaseAnswer, 201);
    expectAnswer(await client.get('/api/orders?limit=5'), ordersPageAnswer);
    // The bought item's history, with its sale in it.
    const [{ market_hash_name: itemName }] = (await app.services.dataSource.query('SELECT market_hash_name FROM listings WHERE id = $1', [listing!.id])) as [{ market_hash_name: string }];
    const history = expectAnswer(await client.get(`/api/items/${encodeURIComponent(itemName)}/price-history?days=7`), priceHistoryAnswer);
    expect(history.points).not.toEqual([]);
    expect(expectAnswer(await client.get(`/api/items/${encodeURIComponent(itemName)}/sales?limit=5`), recentSalesAnswer).sales).not.toEqual([]);
    // A bid on it, the lists it shows in, and its cancellation.
    const bid = expectAnswer(await client.post('/api/buy-orders', { marketHashName: itemName, price: '1.00', quantity: 2, maxFloat: 0.5 }, idempotencyKey()), buyOrderResultAnswer, 201);
    expectAnswer(await client.get('/api/buy-orders?limit=5'), buyOrdersPageAnswer);
    expect(expectAnswer(await client.get(`/api/items/${encodeURIComponent(itemName)}/buy-orders`), buyOrderBookAnswer).totalQuantity).toBeGreaterThan(0);
    expectAnswer(await client.post(`/api/buy-orders/${bid.buyOrder.id}/cancel`, undefined, idempotencyKey()), buyOrderResultAnswer);

    const paypal = { paypalEmail: 'ana.lima@example.com', cryptoCurrency: '', walletAddress: '', bankName: '', accountHolderName: '', iban: '', routingNumber: '', accountNumber: '', accountType: '', swiftCode: '', type: 'paypal' };
    const method = expectAnswer(await client.post('/api/payment-methods', paypal, idempotencyKey()), paymentMethodAnswer, 201);
    expectAnswer(await client.get('/api/payment-methods'), paymentMethodsAnswer);
    expectAnswer(await client.get('/api/withdrawals/available'), withdrawableBalanceAnswer);
    expectAnswer(await client.post('/api/deposits', { method: 'paypal', amount: '10.00' }, idempotencyKey()), depositCheckoutAnswer, 201);
    expectAnswer(await client.get('/api/deposits?limit=5'), depositsPageAnswer);
    expectAnswer(await client.get('/api/withdrawals?limit=5'), withdrawalsPageAnswer);
    expectAnswer(await client.get('/api/transactions?limit=20'), transactionsPageAnswer);
    expectAnswer(await client.request('DELETE', `/api/payment-methods/${method.id}`, { headers: idempotencyKey() }), paymentMethodDeletedAnswer);
    expectAnswer(await client.get('/api/push/public-key'), pushPublicKeyAnswer);
    expectAnswer(
      await app.client({ ip: uniqueIp() }).post('/api/contact', { name: 'Ana Lima', email: 'ana.lima@example.com', subject: 'A question', category: 'General Question', message: 'How long do payouts take?' }),
      createdAnswer,
      201,
    );

    // The seller's side after the sale: a sold listing, a cancelled one, the balance's movements.
    const [, other] = (await sellerClient.get<{ items: Array<{ id: string; status: string }> }>('/api/listings?limit=5')).body.items;
    // The buyer watches the other listing's item, is alerted of it, opens it by its link, stops watching.
    const otherRow = await app.services.dataSource.getRepository(Listing).findOneByOrFail({ id: other!.id });
    const { watch } = expectAnswer(await client.post('/api/watchlist', { marketHashName: otherRow.marketHashName, maxPrice: '20.00' }), watchSavedAnswer, 201);
    await app.services.dataSource.transaction((manager) => alertWatchers(manager, [otherRow]));
    expectAnswer(await client.get('/api/watchlist?limit=5'), watchlistPageAnswer);
    expectAnswer(await client.get(`/api/skins/${other!.id}`), marketItemAnswer);
    expectAnswer(await client.request('DELETE', `/api/watchlist/${watch.id}`), noContent, 204);
    expectAnswer(await sellerClient.post(`/api/listings/${other!.id}/cancel`), listingAnswer);
    expectAnswer(await sellerClient.get('/api/listings?limit=5'), listingsPageAnswer);
    expectAnswer(await client.post('/auth/logout'), noContent, 204);

    // Every event recorded for the two users on the way is one the PWA can apply.
    const events = (await app.services.dataSource.query('SELECT type, payload FROM domain_events WHERE user_id = ANY($1) ORDER BY id', [[seller.userId, buyer.userId]])) as Array<{
      type: string;
      payload: unknown;
    }>;
    expect(new Set(events.map((event) => event.type))).toEqual(new Set(['trade-offer', 'listing', 'balance', 'order', 'buy-order', 'watch']));
    for (const event of events) {
      const parsed = parseAnswer(liveEventSchema, event);
      if (!parsed.ok) expect.fail(`a ${event.type} event does not match its schema: ${parsed.problem}\n${JSON.stringify(event.payload)}`);
    }

    const admin = await signInStaff(app, DEMO_STAFF.admin);
    expectAnswer(await admin.get('/api/staff/me'), staffMeSchema);
    expectAnswer(await admin.get('/api/staff/overview'), staffOverviewSchema);
    expectAnswer(await admin.get(`/api/staff/users?q=${buyer.steamId}`), staffUserListSchema);
    expectAnswer(await admin.get(`/api/staff/users/${buyer.userId}`), staffUserDetailSchema);
    expectAnswer(await admin.get('/api/staff/audit'), auditPageSchema);
    expectAnswer(await admin.get('/api/staff/market/attention'), staffAttentionListSchema);
    expectAnswer(await admin.get('/api/staff/market/featured'), staffFeaturedListSchema);
    expectAnswer(await admin.get('/api/staff/support?status=open'), supportItemListSchema);
    const finance = await signInStaff(app, DEMO_STAFF.finance);
    expectAnswer(await finance.get('/api/staff/withdrawals'), staffWithdrawalListSchema);
    expectAnswer(await finance.get('/api/staff/deposits/pending'), staffDepositListSchema);
  });

});
