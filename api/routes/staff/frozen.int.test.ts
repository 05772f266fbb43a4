/**
 * A frozen account (staff froze it from the console) can sign in and read its data, but its
 * attempts to buy, sell, withdraw or add a payment method are refused with 403 `account_frozen`
 * and change nothing; once unfrozen, each works again.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_FROZEN_MESSAGE } from '../../../shared/constants';
import { purchaseCreator } from '../../commands/purchaseCreator';
import { tradeOfferCreator } from '../../commands/tradeOfferCreator';
import { type Listing, User } from '../../entities';
import { buildListing, uniqueToken } from '../../test/factories';
import { expectLedgerInvariants } from '../../test/ledgerInvariants';
import { offerItems, signInSeller, type Seller } from '../../test/selling';
import { DEMO_STAFF, signInStaff } from '../../test/staffSignIn';
import { startTestApp, type TestApp, type TestClient } from '../../test/testApp';
import { balanceOf, fund, idempotencyKey } from '../../test/wallet';
import { saveTradeUrl } from '../market/fixtures';

let app: TestApp;
let admin: TestClient;
/** Buys, sells, withdraws and saves payment methods: a seller with sellable items, money and a trade URL. */
let user: Seller;
let listing: Listing;

beforeAll(async () => {
  // Checkout deposits are withdrawable at once here (the clearing period is tested with chargebacks).
  app = await startTestApp({ env: { DEPOSIT_CLEARING_DAYS: '0' } });
  admin = await signInStaff(app, DEMO_STAFF.admin);
  user = await signInSeller(app);
  await saveTradeUrl(user.client, user.steamId);
  await fund(user.client, '100.00');
  listing = await buildListing(app.services.dataSource, { token: uniqueToken(), priceCents: 2_500n });
}, 120_000);
afterEach(() => expectLedgerInvariants(app.services.dataSource));
afterAll(() => app?.close());

const paypal = { type: 'paypal', paypalEmail: 'frozen@example.com' };

const attempts = {
  buy: () => user.client.post('/api/purchases', { listingIds: [listing.id] }, idempotencyKey()),
  sell: () => offerItems(user, user.sellable.slice(0, 1), '5.00'),
  withdraw: () => user.client.post('/api/withdrawals', { amount: '10.00', method: paypal }, idempotencyKey()),
  addPaymentMethod: () => user.client.post('/api/payment-methods', paypal, idempotencyKey()),
};

/** Everything the four attempts could write for the user (and the listing they would buy). */
async function footprint() {
  const [row] = (await app.services.dataSource.query(
    `SELECT (SELECT count(*) FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id WHERE a.user_id = $1)::int AS ledger_entries,
            (SELECT count(*) FROM orders WHERE buyer_id = $1)::int AS orders,
            (SELECT count(*) FROM trade_offers WHERE user_id = $1)::int AS trade_offers,
            (SELECT count(*) FROM listings WHERE seller_id = $1)::int AS listings,
            (SELECT count(*) FROM withdrawals WHERE user_id = $1)::int AS withdrawals,
            (SELECT count(*) FROM payment_methods WHERE user_id = $1)::int AS payment_methods,
            (SELECT count(*) FROM audit_log WHERE actor = 'user:' || $1)::int AS audit_rows,
            (SELECT sold_at IS NOT NULL FROM listings WHERE id = $2) AS listing_sold`,
    [user.userId, listing.id],
  )) as Array<Record<string, number | boolean>>;
  return { ...row, balance: await balanceOf(user.client) };
}

describe('a frozen account', () => {
  it('is refused buying, selling, withdrawing and adding a payment method, and nothing changes', async () => {
    const frozen = await admin.post(`/api/staff/users/${user.userId}/freeze`, { reason: 'Suspected stolen account' });
    expect(frozen.status, frozen.text).toBe(200);
    const before = await footprint();
    expect(before).toMatchObject({ balance: '100.00', listing_sold: false, payment_methods: 0, withdrawals: 0 });

    for (const [what, attempt] of Object.entries(attempts)) {
      const response = await attempt();
      expect(response.status, `${what}: ${response.text}`).toBe(403);
      expect(response.body, what).toMatchObject({ code: 'account_frozen', message: ACCOUNT_FROZEN_MESSAGE });
      expect(await footprint(), what).toEqual(before);
    }
  });

  it("is refused inside each command's transaction too, where a request read the row before the freeze", async () => {
    const before = await footprint();
    // The user's row as a request that began before the freeze loaded it.
    const stale = { ...(await app.services.dataSource.getRepository(User).findOneByOrFail({ id: user.userId })), frozenAt: null };
    const refusals = [
      purchaseCreator({ buyerId: user.userId, listingIds: [listing.id], dataSource: app.services.dataSource }),
      tradeOfferCreator({
        user: stale,
        request: { items: [{ assetid: user.sellable[0]!.assetid, price: 500n }], tradeUrl: user.tradeUrl },
        services: app.services,
      }),
    ];
    for (const refusal of refusals) await expect(refusal).rejects.toMatchObject({ status: 403, code: 'account_frozen', message: ACCOUNT_FROZEN_MESSAGE });
    expect(await footprint()).toEqual(before);
  });

  it('can still sign in and read its data', async () => {
    for (const path of ['/api/user', '/api/listings', '/api/orders', '/api/payment-methods', '/api/withdrawals', '/api/transactions']) {
      expect((await user.client.get(path)).status, path).toBe(200);
    }
  });

  it('can buy, sell, withdraw and add payment methods again once unfrozen', async () => {
    expect((await admin.post(`/api/staff/users/${user.userId}/unfreeze`, { reason: 'Owner verified' })).status).toBe(200);
    for (const [what, attempt] of Object.entries(attempts)) {
      const response = await attempt();
      expect(response.status, `${what}: ${response.text}`).toBe(201);
    }
    expect(await footprint()).toMatchObject({ balance: '65.00', listing_sold: true, orders: 1, trade_offers: 1, withdrawals: 1, payment_methods: 1 });
  });
});
