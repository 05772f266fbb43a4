import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LiveEvent } from '../../../shared/answers/events';
import { type Watch, type WatchlistPage } from '../../../shared/schemas/watchlist';
import { Listing } from '../../entities';
import { alertWatchers } from '../../market/watchAlerts';
import { placeBid } from '../../test/buyOrders';
import { buildListing, buildOrder, buildSales, settleOrderItem, uniqueToken } from '../../test/factories';
import { listItems, signInSeller, userIdOf } from '../../test/selling';
import { signIn, uniqueSteamId } from '../../test/signIn';
import { startTestApp, type TestApp, type TestClient } from '../../test/testApp';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** A market hash name no other test uses, with one listing of it on sale at `priceCents`. */
async function listedItem(priceCents = 1500n): Promise<{ marketHashName: string; listing: Listing }> {
  const marketHashName = `AK-47 | Watched ${uniqueToken()} (Field-Tested)`;
  const listing = await buildListing(app.services.dataSource, { marketHashName, priceCents });
  return { marketHashName, listing };
}

async function watcher(): Promise<{ client: TestClient; userId: string; steamId: string }> {
  const steamId = uniqueSteamId();
  const client = await signIn(app, steamId);
  return { client, userId: await userIdOf(app, steamId), steamId };
}

/** The `watch` events recorded for a user, oldest first. */
async function watchEventsOf(userId: string): Promise<Array<LiveEvent['payload']>> {
  const rows = (await app.services.dataSource.query(`SELECT payload FROM domain_events WHERE user_id = $1 AND type = 'watch' ORDER BY id`, [userId])) as Array<{
    payload: LiveEvent['payload'];
  }>;
  return rows.map((row) => row.payload);
}

/** Runs the alerts as a listing going on sale does, in a transaction of their own. */
function alert(listings: Listing[]) {
  return app.services.dataSource.transaction((manager) => alertWatchers(manager, listings));
}

describe('POST /api/watchlist', () => {
  it('requires authentication', async () => {
    expect((await app.client().post('/api/watchlist', { marketHashName: 'AK-47 | Redline (Field-Tested)' })).status).toBe(401);
  });

  it('watches an item (201) with its name, picture and cheapest listing, and a repeat changes the price (200)', async () => {
    const { marketHashName, listing } = await listedItem(1500n);
    await buildListing(app.services.dataSource, { marketHashName, priceCents: 1200n });
    const { client, userId } = await watcher();

    const created = await client.post<{ watch: Watch }>('/api/watchlist', { marketHashName, maxPrice: '12.34' });
    expect(created.status).toBe(201);
    expect(created.body.watch).toEqual({
      id: expect.any(String),
      marketHashName,
      name: listing.name,
      imageUrl: listing.imageUrl,
      maxPrice: '12.34',
      lowestListing: '12.00',
      createdAt: expect.any(String),
    });

    const changed = await client.post<{ watch: Watch }>('/api/watchlist', { marketHashName, maxPrice: null });
    expect(changed.status).toBe(200);
    expect(changed.body.watch).toMatchObject({ id: created.body.watch.id, maxPrice: null });

    const audited = (await app.services.dataSource.query(`SELECT action FROM audit_log WHERE actor = $1 AND subject_type = 'watch' ORDER BY id`, [`user:${userId}`])) as Array<{
      action: string;
    }>;
    expect(audited.map((row) => row.action)).toEqual(['watch.created', 'watch.updated']);
  });

  it('watches an item known only from its sales, under its market hash name', async () => {
    const marketHashName = `M4A4 | Sold Only ${uniqueToken()} (Minimal Wear)`;
    await buildSales(app.services.dataSource, marketHashName, [{ priceCents: 999n, soldAt: new Date() }]);
    const { client } = await watcher();
    const created = await client.post<{ watch: Watch }>('/api/watchlist', { marketHashName });
    expect(created.status).toBe(201);
    expect(created.body.watch).toMatchObject({ name: marketHashName, imageUrl: '', maxPrice: null, lowestListing: null });
  });

  it.each([
    ['no name', {}, 'marketHashName', 'Required'],
    ['an empty name', { marketHashName: '  ' }, 'marketHashName', 'Required'],
    ['a name with control characters', { marketHashName: 'AK\u0000' }, 'marketHashName', expect.any(String)],
    ['a price that is not money', { marketHashName: 'x', maxPrice: '12.345' }, 'maxPrice', 'Please enter a valid price'],
    ['a number as the price', { marketHashName: 'x', maxPrice: 12 }, 'maxPrice', 'Please enter a valid price'],
    ['a zero price', { marketHashName: 'x', maxPrice: '0.00' }, 'maxPrice', 'Please enter a valid price'],
    ['a price above the maximum', { marketHashName: 'x', maxPrice: '100000.01' }, 'maxPrice', 'Maximum price is $100,000.00'],
    ['an unknown field', { marketHashName: 'x', notify: true }, 'notify', 'Unknown field'],
  ])('refuses %s with a 400 naming the field', async (_case, body, field, message) => {
    const { client } = await watcher();
    const response = await client.post<{ fields: Record<string, string> }>('/api/watchlist', body);
    expect(response.status).toBe(400);
    expect(response.body.fields[field]).toEqual(message);
  });

  it("refuses a name no listing or sale ever had: 'Unknown item'", async () => {
    const { client } = await watcher();
    const response = await client.post('/api/watchlist', { marketHashName: `Nothing ${uniqueToken()}` });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'validation_failed', fields: { marketHashName: 'Unknown item' } });
  });
});

describe('GET /api/watchlist', () => {
  it('requires authentication', async () => {
    expect((await app.client().get('/api/watchlist')).status).toBe(401);
  });

  it("answers the user's own watches, newest first, a page at a time, with what is on sale now", async () => {
    const first = await listedItem(2000n);
    const second = await listedItem(3000n);
    const { client } = await watcher();
    await client.post('/api/watchlist', { marketHashName: first.marketHashName, maxPrice: '25.00' });
    await client.post('/api/watchlist', { marketHashName: second.marketHashName });
    const { client: other } = await watcher();
    await other.post('/api/watchlist', { marketHashName: first.marketHashName });

    const page1 = await client.get<WatchlistPage>('/api/watchlist?limit=1');
    expect(page1.status).toBe(200);
    expect(page1.body.items.map((watch) => [watch.marketHashName, watch.maxPrice, watch.lowestListing])).toEqual([[second.marketHashName, null, '30.00']]);
    const page2 = await client.get<WatchlistPage>(`/api/watchlist?limit=1&cursor=${page1.body.nextCursor}`);
    expect(page2.body).toEqual({ items: [expect.objectContaining({ marketHashName: first.marketHashName, maxPrice: '25.00', lowestListing: '20.00' })], nextCursor: null });

    // Sold, nothing of the item is on sale.
    await app.services.dataSource.query('UPDATE listings SET sold_at = now() WHERE id = $1', [first.listing.id]);
    const after = await client.get<WatchlistPage>('/api/watchlist');
    expect(after.body.items.find((watch) => watch.marketHashName === first.marketHashName)?.lowestListing).toBeNull();
  });
});

describe('DELETE /api/watchlist/:id', () => {
  it('requires authentication', async () => {
    expect((await app.client().request('DELETE', '/api/watchlist/5b0d6c1e-8f43-4d1c-9d55-1f0c3a1f2b7e')).status).toBe(401);
  });

  it("stops watching (204), and refuses another user's or an unknown watch (404)", async () => {
    const { marketHashName } = await listedItem();
    const { client } = await watcher();
    const { client: other } = await watcher();
    const { watch } = (await client.post<{ watch: Watch }>('/api/watchlist', { marketHashName })).body;

    expect((await other.request('DELETE', `/api/watchlist/${watch.id}`)).status).toBe(404);
    expect((await client.request('DELETE', '/api/watchlist/not-a-uuid')).status).toBe(404);
    const deleted = await client.request('DELETE', `/api/watchlist/${watch.id}`);
    expect(deleted.status).toBe(204);
    expect((await client.get<WatchlistPage>('/api/watchlist')).body.items).toEqual([]);
    expect((await client.request('DELETE', `/api/watchlist/${watch.id}`)).status).toBe(404);
  });
});

describe('price alerts (alertWatchers)', () => {
  it('alerts a watcher of a listing at or under the price, once per listing, with a watch event', async () => {
    const { marketHashName } = await listedItem();
    const { client, userId } = await watcher();
    const { watch } = (await client.post<{ watch: Watch }>('/api/watchlist', { marketHashName, maxPrice: '12.34' })).body;
    const atPrice = await buildListing(app.services.dataSource, { marketHashName, priceCents: 1234n });
    const under = await buildListing(app.services.dataSource, { marketHashName, priceCents: 500n });
    const over = await buildListing(app.services.dataSource, { marketHashName, priceCents: 1235n });

    await alert([atPrice, under, over]);
    await alert([atPrice, under, over]);

    const events = await watchEventsOf(userId);
    expect(events).toHaveLength(2);
    expect(events).toEqual(
      expect.arrayContaining([
        { watchId: watch.id, listingId: atPrice.id, marketHashName, name: atPrice.name, price: '12.34' },
        { watchId: watch.id, listingId: under.id, marketHashName, name: under.name, price: '5.00' },
      ]),
    );
    const alerts = (await app.services.dataSource.query('SELECT listing_id FROM watch_alerts WHERE watch_id = $1', [watch.id])) as unknown[];
    expect(alerts).toHaveLength(2);
  });

  it('alerts on any price without a max price, never the seller, nor for a listing already sold', async () => {
    const { marketHashName } = await listedItem();
    const seller = await watcher();
    const { client, userId } = await watcher();
    await client.post('/api/watchlist', { marketHashName });
    await seller.client.post('/api/watchlist', { marketHashName });
    const expensive = await buildListing(app.services.dataSource, { marketHashName, priceCents: 10_000_000n, seller: { steamId: seller.steamId } });
    const sold = await buildListing(app.services.dataSource, { marketHashName, priceCents: 100n, soldAt: new Date() });

    await alert([expensive, sold]);

    expect((await watchEventsOf(userId)).map((event) => (event as { listingId: string }).listingId)).toEqual([expensive.id]);
    expect(await watchEventsOf(seller.userId)).toEqual([]);
  });

  it('alerts when a sold listing is back on sale after a failed delivery, once', async () => {
    const { marketHashName } = await listedItem();
    const { client, userId } = await watcher();
    const { watch } = (await client.post<{ watch: Watch }>('/api/watchlist', { marketHashName })).body;
    const listing = await buildListing(app.services.dataSource, { marketHashName, priceCents: 700n, status: 'active', holdEndTime: new Date(Date.now() - 60_000) });
    const { items } = await buildOrder(app.services.dataSource, { listings: [listing] });
    // As the hold's end leaves a sold listing (commands/holdEnder.ts): a failed delivery relists it.
    await app.services.dataSource.getRepository(Listing).update(listing.id, { status: 'payment_pending' });

    await settleOrderItem(app.services, items[0]!, 'failed');

    expect((await app.services.dataSource.getRepository(Listing).findOneByOrFail({ id: listing.id })).soldAt).toBeNull();
    expect(await watchEventsOf(userId)).toEqual([{ watchId: watch.id, listingId: listing.id, marketHashName, name: listing.name, price: '7.00' }]);
  });

  it('alerts when an accepted deposit puts the item on sale', async () => {
    const seller = await signInSeller(app);
    const item = seller.sellable[0]!;
    // The item is known to the market once something of its name was listed.
    await buildListing(app.services.dataSource, { marketHashName: item.marketHashName, name: item.name, priceCents: 9_999_999n });
    const { client, userId } = await watcher();
    const { watch } = (await client.post<{ watch: Watch }>('/api/watchlist', { marketHashName: item.marketHashName, maxPrice: '12.34' })).body;

    const [listing] = await listItems(app, seller, 1, '12.34');

    expect(await watchEventsOf(userId)).toEqual([{ watchId: watch.id, listingId: listing!.id, marketHashName: item.marketHashName, name: item.name, price: '12.34' }]);
  });

  it('does not alert for a deposit a buy order buys as it is listed', async () => {
    const seller = await signInSeller(app);
    const item = seller.sellable[0]!;
    await buildListing(app.services.dataSource, { marketHashName: item.marketHashName, name: item.name, priceCents: 9_999_999n });
    const { client, userId } = await watcher();
    expect((await client.post('/api/watchlist', { marketHashName: item.marketHashName })).status).toBe(201);
    await placeBid(app.services.dataSource, item.marketHashName, { priceCents: 2_000n });

    const [listing] = await listItems(app, seller, 1, '12.34');

    expect((await app.services.dataSource.getRepository(Listing).findOneByOrFail({ id: listing!.id })).soldAt).not.toBeNull();
    expect(await watchEventsOf(userId)).toEqual([]);
  });
});
