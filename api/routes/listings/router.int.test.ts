/**
 * GET /api/listings and POST /api/listings/:id/cancel over HTTP against the simulated bot: the
 * seller's own listings newest first in keyset pages with the summary of all of them, cancelling
 * unsold listings (the item comes back by a return offer once the bot may trade it), and the
 * refusals, which write nothing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../../shared/money';
import { type InventoryResponse } from '../../../shared/schemas/inventory';
import { type Listing as ListingJson, type ListingsPage } from '../../../shared/schemas/market';
import { TradeOffer } from '../../entities';
import { encodeCursor } from '../../pagination';
import { buildListings, uniqueToken, type ListingOverrides } from '../../test/factories';
import {
  buy,
  endHold,
  eventually,
  listingRow,
  listItems,
  offerRow,
  sellingFootprint,
  signInBuyer,
  signInSeller,
  sweep,
} from '../../test/selling';
import { signIn, uniqueSteamId } from '../../test/signIn';
import { startTestApp, type TestApp } from '../../test/testApp';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { SIM_TRADE_ACCEPT_MS: '150', TRADE_HOLD_MS: '1500' } });
});
afterAll(() => app.close());

/** The seller's listing ids in the order the API promises, read from the table itself. */
async function listingIdsNewestFirst(steamId: string): Promise<string[]> {
  const rows = (await app.services.dataSource.query(
    'SELECT l.id FROM listings l JOIN users u ON u.id = l.seller_id WHERE u.steam_id = $1 ORDER BY l.created_at DESC, l.id DESC',
    [steamId],
  )) as Array<{ id: string }>;
  return rows.map((row) => row.id);
}

/** Sweeps until the listing's return offer was accepted, then reads the seller's Steam inventory. */
async function returnedInventory(seller: Awaited<ReturnType<typeof signInSeller>>, listingId: string) {
  const returned = await eventually(
    async () => {
      await sweep(app);
      const listing = await listingRow(app, listingId);
      return listing.returnOfferId ? offerRow(app, listing.returnOfferId) : null;
    },
    (offer) => offer?.status === 'accepted',
  );
  expect(returned).toMatchObject({ kind: 'return', status: 'accepted', userId: seller.userId });
  return (await seller.client.get<InventoryResponse>('/api/inventory?refresh=1')).body.items;
}

describe('GET /api/listings', () => {
  it("answers the caller's listings newest first, and nobody else's", async () => {
    const seller = await signInSeller(app);
    const first = await listItems(app, seller, 1, '5.00');
    const second = await listItems(app, seller, 2, '100000.00');
    const other = await signInSeller(app);
    await listItems(app, other, 1);

    const response = await seller.client.get<ListingsPage>('/api/listings');
    expect(response.status).toBe(200);
    const listings = response.body.items;
    expect(listings.map((listing) => listing.id)).toHaveLength(3);
    expect(response.body.nextCursor).toBeNull();
    expect(listings[2]!.id).toBe(first[0]!.id);
    expect(new Set(listings.slice(0, 2).map((listing) => listing.id))).toEqual(new Set(second.map((listing) => listing.id)));
    const created = listings.map((listing) => Date.parse(listing.createdAt));
    expect([...created].sort((a, b) => b - a)).toEqual(created);
    expect(listings[0]).toMatchObject({ sellPrice: '100000.00', platformFee: '3000.00', finalAmount: '97000.00', status: 'holding' });
    expect(Object.keys(listings[0]!).sort()).toEqual(
      ['id', 'name', 'condition', 'rarity', 'imageUrl', 'statTrak', 'souvenir', 'float', 'paintSeed', 'sellPrice', 'platformFee', 'finalAmount', 'status', 'sold', 'holdStartTime', 'holdEndTime', 'createdAt', 'cancelReason'].sort(),
    );
    expect(response.body.summary).toEqual({ onSale: 3, awaitingPayout: '0.00', earned: '0.00' });

    expect((await (await signIn(app, uniqueSteamId())).get('/api/listings')).body).toEqual({
      items: [],
      nextCursor: null,
      summary: { onSale: 0, awaitingPayout: '0.00', earned: '0.00' },
    });
    expect((await app.client().get('/api/listings')).status).toBe(401);
  });

  it('pages through every listing exactly once, newest first, while new ones arrive', async () => {
    const steamId = uniqueSteamId();
    const client = await signIn(app, steamId);
    const { dataSource } = app.services;
    /** `count` listings of the seller (a new one by default) created at `at`. */
    const listAt = async (count: number, at: string, sellerSteamId = steamId) => {
      const made = await buildListings(dataSource, { count, token: uniqueToken(), seller: { steamId: sellerSteamId } });
      // Written in SQL: a microsecond apart, which a Date (milliseconds) cannot hold.
      await dataSource.query('UPDATE listings SET created_at = $2 WHERE id = ANY($1)', [made.map((listing) => listing.id), at]);
    };
    // Seven at one instant (as from one offer: the id breaks the tie), five a microsecond later.
    await listAt(7, '2026-03-01T10:00:00.000001Z');
    await listAt(5, '2026-03-01T10:00:00.000002Z');
    await listAt(3, '2026-03-01T10:00:00.000002Z', uniqueSteamId());
    const expected = await listingIdsNewestFirst(steamId);
    expect(expected).toHaveLength(12);

    const first = (await client.get<ListingsPage>('/api/listings?limit=5')).body;
    expect(first.items.map((listing) => listing.id)).toEqual(expected.slice(0, 5));
    expect(first.summary).toEqual({ onSale: 12, awaitingPayout: '0.00', earned: '0.00' });

    // Listed after the first page was read: newer than it, so never on a later page.
    await listAt(2, '2026-03-01T10:00:01Z');
    const seen = first.items.map((listing) => listing.id);
    let cursor = first.nextCursor;
    while (cursor) {
      const page = await client.get<ListingsPage>(`/api/listings?limit=5&cursor=${encodeURIComponent(cursor)}`);
      expect(page.status).toBe(200);
      expect(page.body.summary).toBeNull();
      seen.push(...page.body.items.map((listing) => listing.id));
      cursor = page.body.nextCursor;
    }
    expect(seen).toEqual(expected);

    const again = (await client.get<ListingsPage>('/api/listings?limit=100')).body;
    expect(again.items.map((listing) => listing.id)).toEqual(await listingIdsNewestFirst(steamId));
    expect(again.items).toHaveLength(14);
    expect(again.nextCursor).toBeNull();
  });

  it('sums the summary over all the listings, whatever the page size', async () => {
    const steamId = uniqueSteamId();
    const client = await signIn(app, steamId);
    const prices = [1000n, 2000n, 3000n, 4000n, 5000n, 6000n, 7000n];
    const soldAt = new Date();
    const states: ListingOverrides[] = [
      { status: 'completed', soldAt },
      { status: 'completed', soldAt },
      { status: 'payment_pending', soldAt },
      { status: 'holding', soldAt },
      { status: 'cancelled', cancelReason: 'seller' },
      { status: 'active' },
      { status: 'holding' },
    ];
    const made = await buildListings(app.services.dataSource, {
      count: prices.length,
      token: uniqueToken(),
      seller: { steamId },
      overrides: (index) => ({ priceCents: prices[index]!, ...states[index] }),
    });
    const finalCents = (index: number) => made[index]!.priceCents - made[index]!.feeCents;
    const dollars = formatMoney;

    const page = (await client.get<ListingsPage>('/api/listings?limit=1')).body;
    expect(page.items).toHaveLength(1);
    expect(page.summary).toEqual({
      onSale: 2,
      awaitingPayout: dollars(finalCents(2) + finalCents(3)),
      earned: dollars(finalCents(0) + finalCents(1)),
    });
  });

  it('refuses a forged cursor and a bad limit with 400', async () => {
    const client = await signIn(app, uniqueSteamId());
    const at = '2026-03-01T10:20:30.123456Z';
    const forged = [
      'not a cursor!',
      encodeCursor({ at, id: 'not-a-uuid' }),
      encodeCursor({ id: '12345' }),
      encodeCursor({ at, id: randomUUID(), extra: 1 }),
      encodeCursor({ at: 'yesterday', id: randomUUID() }),
    ];
    for (const cursor of forged) {
      const response = await client.get(`/api/listings?cursor=${encodeURIComponent(cursor)}`);
      expect(response.status, cursor).toBe(400);
      expect(response.body).toMatchObject({ code: 'invalid_cursor', fields: { cursor: 'Invalid cursor' } });
    }
    for (const query of ['limit=0', 'limit=101', 'limit=abc', 'limit=1.5', 'limit=-1', 'page=2']) {
      const response = await client.get(`/api/listings?${query}`);
      expect(response.status, query).toBe(400);
    }
  });
});

describe('POST /api/listings/:id/cancel', () => {
  it('cancels a holding listing at once and returns the item when the hold ends', async () => {
    const seller = await signInSeller(app);
    const [listing] = await listItems(app, seller);
    const response = await seller.client.post<ListingJson>(`/api/listings/${listing!.id}/cancel`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: listing!.id, status: 'cancelled', cancelReason: 'seller', sold: false });
    // Still trade-protected: no return offer yet.
    await sweep(app);
    expect((await listingRow(app, listing!.id)).returnOfferId).toBeNull();

    // Asset ids, not names: a simulated inventory can hold two items of one name.
    const before = new Set((await seller.client.get<InventoryResponse>('/api/inventory?refresh=1')).body.items.map((item) => item.assetid));
    await endHold(app, listing!.id);
    const inventory = await returnedInventory(seller, listing!.id);
    const back = inventory.filter((item) => !before.has(item.assetid));
    expect(back).toHaveLength(1);
    expect(back[0]).toMatchObject({ name: listing!.name, listed: false });
    // The listing stays cancelled; nothing else happens on later sweeps.
    await sweep(app);
    expect(await listingRow(app, listing!.id)).toMatchObject({ status: 'cancelled', cancelReason: 'seller' });
  });

  it('cancels an active listing after the hold: the return offer goes out at once and the item is back', async () => {
    const seller = await signInSeller(app);
    const [listing] = await listItems(app, seller);
    expect((await endHold(app, listing!.id)).status).toBe('active');
    const { sellerAssetid } = await listingRow(app, listing!.id);
    // Asset ids, not names: a simulated inventory can hold two items of one name.
    const before = new Set((await seller.client.get<InventoryResponse>('/api/inventory?refresh=1')).body.items.map((item) => item.assetid));
    expect(before.has(sellerAssetid)).toBe(false);

    const response = await seller.client.post<ListingJson>(`/api/listings/${listing!.id}/cancel`);
    expect(response.status).toBe(200);
    expect(response.body.status).toBe('cancelled');
    const row = await listingRow(app, listing!.id);
    expect(row.returnOfferId).not.toBeNull();
    const giveBack = await offerRow(app, row.returnOfferId!);
    expect(giveBack).toMatchObject({ kind: 'return', status: 'open', steamOfferId: expect.stringMatching(/^\d+$/) });
    expect(giveBack.items[0]).toMatchObject({ assetid: row.botAssetid, contextid: '2', listingId: row.id });

    const inventory = await returnedInventory(seller, listing!.id);
    const back = inventory.filter((item) => !before.has(item.assetid));
    expect(back).toHaveLength(1);
    expect(back[0]).toMatchObject({ name: listing!.name, tradable: true });
    expect(back[0]!.assetid).not.toBe(sellerAssetid);
  });

  it('refuses sold, already cancelled, foreign and malformed ids, writing nothing', async () => {
    const seller = await signInSeller(app);
    const [sold, cancelled, mine] = await listItems(app, seller, 3);
    const buyer = await signInBuyer(app);
    await buy(app, buyer, sold!.id);
    expect((await seller.client.post(`/api/listings/${cancelled!.id}/cancel`)).status).toBe(200);

    const before = await sellingFootprint(app, seller.userId);
    const offersBefore = await app.services.dataSource.getRepository(TradeOffer).count();
    const soldAnswer = await seller.client.post(`/api/listings/${sold!.id}/cancel`);
    expect(soldAnswer.status).toBe(409);
    expect(soldAnswer.body).toMatchObject({ code: 'listing_sold', message: 'This listing has been sold and can no longer be cancelled' });
    const again = await seller.client.post(`/api/listings/${cancelled!.id}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'listing_not_cancellable' });
    const stranger = await signIn(app, uniqueSteamId());
    expect((await stranger.post(`/api/listings/${mine!.id}/cancel`)).status).toBe(404);
    expect((await seller.client.post('/api/listings/not-a-uuid/cancel')).status).toBe(404);
    expect((await seller.client.post('/api/listings/00000000-0000-4000-8000-000000000000/cancel')).status).toBe(404);
    expect((await app.client().post(`/api/listings/${mine!.id}/cancel`)).status).toBe(401);

    expect(await sellingFootprint(app, seller.userId)).toEqual(before);
    expect(await app.services.dataSource.getRepository(TradeOffer).count()).toBe(offersBefore);
    expect(await listingRow(app, sold!.id)).toMatchObject({ status: 'holding', cancelReason: null });
    expect(await listingRow(app, mine!.id)).toMatchObject({ status: 'holding', cancelReason: null });
  });
});
