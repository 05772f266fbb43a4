/**
 * GET /api/listings and POST /api/listings/:id/cancel over HTTP against the simulated bot: the
 * seller's own listings newest first, cancelling unsold listings (the item comes back by a return
 * offer once the bot may trade it), and the refusals, which write nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type InventoryResponse } from '../../../shared/schemas/inventory';
import { type Listing as ListingJson } from '../../../shared/schemas/market';
import { TradeOffer } from '../../entities';
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

    const response = await seller.client.get<ListingJson[]>('/api/listings');
    expect(response.status).toBe(200);
    expect(response.body.map((listing) => listing.id)).toHaveLength(3);
    expect(response.body[2]!.id).toBe(first[0]!.id);
    expect(new Set(response.body.slice(0, 2).map((listing) => listing.id))).toEqual(new Set(second.map((listing) => listing.id)));
    const created = response.body.map((listing) => Date.parse(listing.createdAt));
    expect([...created].sort((a, b) => b - a)).toEqual(created);
    expect(response.body[0]).toMatchObject({ sellPrice: '100000.00', platformFee: '3000.00', finalAmount: '97000.00', status: 'holding' });
    expect(Object.keys(response.body[0]!).sort()).toEqual(
      ['id', 'name', 'condition', 'rarity', 'imageUrl', 'statTrak', 'souvenir', 'float', 'paintSeed', 'sellPrice', 'platformFee', 'finalAmount', 'status', 'sold', 'holdStartTime', 'holdEndTime', 'createdAt', 'cancelReason'].sort(),
    );

    expect((await (await signIn(app, uniqueSteamId())).get('/api/listings')).body).toEqual([]);
    expect((await app.client().get('/api/listings')).status).toBe(401);
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
