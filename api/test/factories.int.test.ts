/**
 * The factories build rows the product itself accepts: a built user signs in and sees their
 * balance, a built listing is on the market and its item in the bot's inventory, a built order is
 * its buyer's (and nobody else's) with the total in escrow, and a settled item is paid out or
 * refunded; the ledger's invariants hold after each (also checked after every test).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CurrentUser } from '../../shared/schemas/user';
import { type OrdersPage, type SkinsPage } from '../../shared/schemas/market';
import { catalogEntriesNamed } from '../dev/steam/catalog';
import { Deposit, Listing, OrderItem } from '../entities';
import { availableBalance, escrowBalance } from '../ledger/ledger';
import { buildEmptyOrder, buildListing, buildListings, buildOrder, buildUser, fundUser, settleOrderItem, uniqueToken, type ListingOverrides } from './factories';
import { expectLedgerInvariants } from './ledgerInvariants';
import { signIn } from './signIn';
import { startTestApp, type TestApp } from './testApp';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const db = () => app.services.dataSource;

const skinsNamed = async (search: string) => {
  const response = await app.client().get<SkinsPage>(`/api/skins?${new URLSearchParams({ search, limit: '100' })}`);
  expect(response.status, response.text).toBe(200);
  return response.body.items;
};

describe('buildUser', () => {
  it('makes distinct users who can sign in, with a trade URL saved and no money by default', async () => {
    const [first, second] = [await buildUser(db()), await buildUser(db())];
    expect(first.steamId).not.toBe(second.steamId);
    expect(first.depositReference).not.toBe(second.depositReference);
    expect(first.tradeUrl).toMatch(/^https:\/\/steamcommunity\.com\/tradeoffer\/new\/\?partner=\d+&token=/);

    const client = await signIn(app, first.steamId);
    const me = await client.get<CurrentUser>('/api/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ steamId: first.steamId, tradeUrl: first.tradeUrl, depositReference: first.depositReference, balance: '0.00' });
    expect(await availableBalance(db(), first.id)).toBe(0n);
  });

  it('funds through the ledger: a completed deposit and its posting, never a written balance', async () => {
    const user = await buildUser(db(), { balanceCents: 12_345n });
    expect(await availableBalance(db(), user.id)).toBe(12_345n);
    const deposits = await db().getRepository(Deposit).findBy({ userId: user.id });
    expect(deposits.map((deposit) => ({ status: deposit.status, amountCents: deposit.amountCents }))).toEqual([{ status: 'completed', amountCents: 12_345n }]);
    await fundUser(db(), user, 5n);
    expect(await availableBalance(db(), user.id)).toBe(12_350n);
    expect((await (await signIn(app, user.steamId)).get<CurrentUser>('/api/user')).body.balance).toBe('123.50');
    await expectLedgerInvariants(db());
  });

  it('takes typed overrides', async () => {
    const frozenAt = new Date('2026-01-02T03:04:05Z');
    const user = await buildUser(db(), { displayName: 'Frozen Fiona', frozenAt, frozenReason: 'test' });
    expect(user).toMatchObject({ displayName: 'Frozen Fiona', frozenAt, frozenReason: 'test' });
  });
});

describe('buildListing', () => {
  it('puts a listing on the market whose item the bot holds', async () => {
    const token = uniqueToken();
    const listing = await buildListing(db(), { token, priceCents: 4_321n, status: 'active' });
    expect(listing).toMatchObject({ status: 'active', priceCents: 4_321n, feeCents: 130n, soldAt: null, featured: false });
    expect((await skinsNamed(token)).map((item) => ({ id: item.id, price: item.price }))).toEqual([{ id: listing.id, price: '43.21' }]);
    const [held] = (await db().query('SELECT steam_id FROM sim_steam_items WHERE assetid = $1', [listing.botAssetid])) as Array<{ steam_id: string }>;
    expect(held).toBeDefined();
  });

  it('names a catalogue skin consistently, and sells as the given seller', async () => {
    const seller = await buildUser(db());
    const listing = await buildListing(db(), { seller, skin: 'AK-47 | Redline', exterior: 'Field-Tested' });
    const [entry] = catalogEntriesNamed('AK-47 | Redline');
    expect(entry).toBeDefined();
    expect(listing).toMatchObject({ sellerId: seller.id, name: 'AK-47 | Redline', marketHashName: 'AK-47 | Redline (Field-Tested)', condition: 'Field-Tested' });
  });

  it('builds several, in order, with per-index overrides including statuses the seed does not write', async () => {
    const token = uniqueToken();
    const states: ListingOverrides[] = [{ priceCents: 100n }, { status: 'cancelled' }, { status: 'completed', soldAt: new Date() }];
    const listings = await buildListings(db(), { count: states.length, token, overrides: (index) => states[index]! });
    expect(listings.map((listing) => [listing.status, listing.cancelReason, listing.soldAt !== null])).toEqual([
      [expect.stringMatching(/^(holding|active)$/), null, false],
      ['cancelled', 'seller', false],
      ['completed', null, true],
    ]);
    expect(listings[0]!.priceCents).toBe(100n);
    expect(new Set(listings.map((listing) => listing.sellerId)).size).toBe(1);
    expect(listings.every((listing) => listing.name.endsWith(` ${token}`))).toBe(true);
    expect((await skinsNamed(token)).map((item) => item.id)).toEqual([listings[0]!.id]);
  });
});

describe('buildOrder', () => {
  it("is a real purchase: its buyer's order and nobody else's, the total in escrow, the listing off the market", async () => {
    const token = uniqueToken();
    const listings = await buildListings(db(), { count: 2, token, overrides: (index) => ({ priceCents: [1_000n, 250n][index]! }) });
    const { order, items, buyer } = await buildOrder(db(), { listings });
    expect(order.totalCents).toBe(1_250n);
    expect(items.map((item) => [item.listingId, item.priceCents, item.status])).toEqual([
      [listings[0]!.id, 1_000n, 'awaiting_hold'],
      [listings[1]!.id, 250n, 'awaiting_hold'],
    ]);
    expect(await escrowBalance(db(), order.id)).toBe(1_250n);
    expect(await availableBalance(db(), buyer.id)).toBe(0n);
    expect(await skinsNamed(token)).toEqual([]);

    const orders = (await (await signIn(app, buyer.steamId)).get<OrdersPage>('/api/orders')).body;
    expect(orders.items.map((shown) => ({ id: shown.id, total: shown.total, items: shown.items.length }))).toEqual([{ id: order.id, total: '12.50', items: 2 }]);
    const other = await buildUser(db());
    expect((await (await signIn(app, other.steamId)).get<OrdersPage>('/api/orders')).body.items).toEqual([]);
    await expectLedgerInvariants(db());
  });

  it('buys for a given buyer from what they have', async () => {
    const buyer = await buildUser(db(), { balanceCents: 100_000n });
    const { order, listings } = await buildOrder(db(), { buyer });
    expect(order.buyerId).toBe(buyer.id);
    expect(listings[0]!.soldAt).not.toBeNull();
    expect(await availableBalance(db(), buyer.id)).toBe(100_000n - order.totalCents);
  });

  it('settles items as the market does: delivered pays the seller, failed refunds the buyer', async () => {
    const listings = await buildListings(db(), { count: 2, overrides: () => ({ priceCents: 1_000n }) });
    const { order, items, buyer } = await buildOrder(db(), { listings });
    await settleOrderItem(app.services, items[0]!, 'delivered');
    await settleOrderItem(app.services, items[1]!, 'failed');
    const settled = await db().getRepository(OrderItem).findBy({ orderId: order.id });
    expect(settled.map((item) => [item.listingId, item.status, item.refundedAt !== null]).sort()).toEqual(
      [
        [listings[0]!.id, 'delivered', false],
        [listings[1]!.id, 'failed', true],
      ].sort(),
    );
    expect((await db().getRepository(Listing).findOneByOrFail({ id: listings[0]!.id })).status).toBe('completed');
    // $10.00 less the 3% fee to the seller; the failed item's $10.00 back to the buyer.
    expect(await availableBalance(db(), listings[0]!.sellerId)).toBe(970n);
    expect(await availableBalance(db(), buyer.id)).toBe(1_000n);
    expect(await escrowBalance(db(), order.id)).toBe(0n);
    await expectLedgerInvariants(db());
  });
});

describe('buildEmptyOrder', () => {
  it('is an order row alone, for the ledger tests: no items, nothing in escrow', async () => {
    const buyer = await buildUser(db());
    const order = await buildEmptyOrder(db(), { buyer, totalCents: 700n });
    expect(order).toMatchObject({ buyerId: buyer.id, totalCents: 700n });
    expect(await db().getRepository(OrderItem).countBy({ orderId: order.id })).toBe(0);
    expect(await escrowBalance(db(), order.id)).toBe(0n);
  });
});
