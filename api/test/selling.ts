/**
 * Test helpers for selling: a signed-in seller with sellable inventory items, sending a deposit
 * offer and following it through the simulated bot, the sweep run synchronously, and buyers who
 * purchase through POST /api/purchases, for tests of delivery and payouts.
 */
import { expect } from 'vitest';
import { type InventoryItem, type InventoryResponse } from '../../shared/schemas/inventory';
import { type Listing as ListingJson, type ListingsPage, type TradeOfferStatus } from '../../shared/schemas/market';
import { accountIdOf } from '../../shared/steam';
import { Listing, OrderItem, TradeOffer, User } from '../entities';
import { runMarketSweep, type SweepReport } from '../jobs/sweep';
import { availableBalance } from '../ledger/ledger';
import { signIn, uniqueSteamId } from './signIn';
import { type TestApp, type TestClient } from './testApp';
import { fund, idempotencyKey } from './wallet';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const tradeUrlOf = (steamId: string, token = 'Tk3n_-x') => `https://steamcommunity.com/tradeoffer/new/?partner=${accountIdOf(steamId)}&token=${token}`;

/** Polls `read` until `done` holds (every 100 ms, up to `timeoutMs`), answering the last value. */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await sleep(100);
  }
}

export interface Seller {
  client: TestClient;
  steamId: string;
  userId: string;
  tradeUrl: string;
  /** Tradable, marketable items not yet listed. */
  sellable: InventoryItem[];
}

export async function userIdOf(app: TestApp, steamId: string): Promise<string> {
  return (await app.services.dataSource.getRepository(User).findOneByOrFail({ steamId })).id;
}

/** Signs in a seller (a fresh simulated account unless named) and reads their inventory. */
export async function signInSeller(app: TestApp, steamId = uniqueSteamId()): Promise<Seller> {
  const client = await signIn(app, steamId);
  const inventory = (await client.get<InventoryResponse>('/api/inventory?refresh=1')).body;
  return {
    client,
    steamId,
    userId: await userIdOf(app, steamId),
    tradeUrl: tradeUrlOf(steamId),
    sellable: inventory.items.filter((item) => item.tradable && item.marketable && !item.listed),
  };
}

/** POST /api/trade-offers for `items` at `price` each; answers the response. */
export function offerItems(seller: Seller, items: InventoryItem[], price = '12.34', extra: Record<string, unknown> = {}) {
  return seller.client.post<{ success: boolean; offerId: string; message: string }>('/api/trade-offers', {
    items: items.map((item) => ({ assetid: item.assetid, price, ...extra })),
    tradeUrl: seller.tradeUrl,
  });
}

/** Polls the status endpoint (which syncs from the bot) until the offer is accepted or failed. */
export async function settledStatus(client: TestClient, offerId: string): Promise<TradeOfferStatus> {
  const response = await eventually(
    () => client.get<TradeOfferStatus>(`/api/trade-offer/${offerId}/status`),
    (r) => r.status !== 200 || r.body.isAccepted || !r.body.success,
  );
  expect(response.status).toBe(200);
  return response.body;
}

/** Sells `count` items at `price` and waits for the bot's offer to be accepted: the new listings. */
export async function listItems(app: TestApp, seller: Seller, count = 1, price = '12.34'): Promise<ListingJson[]> {
  const items = seller.sellable.splice(0, count);
  expect(items).toHaveLength(count);
  const sent = await offerItems(seller, items, price);
  expect(sent.status, sent.text).toBe(201);
  expect((await settledStatus(seller.client, sent.body.offerId)).isAccepted).toBe(true);
  // The newest first page holds them: an offer carries at most 50 items.
  const listings = (await seller.client.get<ListingsPage>('/api/listings?limit=100')).body.items;
  return listings.filter((listing) => items.some((item) => item.name === listing.name)).slice(0, count);
}

export function sweep(app: TestApp, now?: Date): Promise<SweepReport> {
  return runMarketSweep(app.services, now ? { now } : {});
}

export async function listingRow(app: TestApp, id: string): Promise<Listing> {
  return app.services.dataSource.getRepository(Listing).findOneByOrFail({ id });
}

/** Waits for the listing's hold to end, then sweeps until it left `holding`. */
export async function endHold(app: TestApp, listingId: string): Promise<Listing> {
  const listing = await listingRow(app, listingId);
  await sleep(Math.max(0, listing.holdEndTime.getTime() - Date.now()) + 50);
  return eventually(
    async () => {
      await sweep(app);
      return listingRow(app, listingId);
    },
    (row) => row.status !== 'holding',
  );
}

export interface Buyer {
  client: TestClient;
  steamId: string;
  userId: string;
}

/** A signed-in buyer with a saved trade URL and `balance` deposited through the real checkout. */
export async function signInBuyer(app: TestApp, balance = '100.00', steamId = uniqueSteamId()): Promise<Buyer> {
  const client = await signIn(app, steamId);
  const saved = await client.request('PATCH', '/api/user/profile', { body: { tradeUrl: tradeUrlOf(steamId) } });
  expect(saved.status, saved.text).toBe(200);
  await fund(client, balance);
  return { client, steamId, userId: await userIdOf(app, steamId) };
}

/** Buys one listing through POST /api/purchases (Idempotency-Key), as the Buy tab does. */
export async function buy(app: TestApp, buyer: Buyer, listingId: string): Promise<{ orderId: string; orderItemId: string }> {
  const bought = await buyer.client.post<{ orderId: string }>('/api/purchases', { listingIds: [listingId] }, idempotencyKey());
  expect(bought.status, bought.text).toBe(201);
  const item = await app.services.dataSource.getRepository(OrderItem).findOneByOrFail({ orderId: bought.body.orderId, listingId });
  return { orderId: bought.body.orderId, orderItemId: item.id };
}

export async function orderItemRow(app: TestApp, id: string): Promise<OrderItem> {
  return app.services.dataSource.getRepository(OrderItem).findOneByOrFail({ id });
}

export async function offerRow(app: TestApp, id: string): Promise<TradeOffer> {
  return app.services.dataSource.getRepository(TradeOffer).findOneByOrFail({ id });
}

/** Counts of the rows selling writes for a user: to show that a refusal wrote nothing. */
export async function sellingFootprint(app: TestApp, userId: string) {
  const db = app.services.dataSource;
  const [offers, listings, audits, events] = await Promise.all([
    db.getRepository(TradeOffer).countBy({ userId }),
    db.getRepository(Listing).countBy({ sellerId: userId }),
    db.query(`SELECT count(*)::int AS n FROM audit_log WHERE actor = $1`, [`user:${userId}`]),
    db.query(`SELECT count(*)::int AS n FROM domain_events WHERE user_id = $1`, [userId]),
  ]);
  return { offers, listings, audits: (audits as Array<{ n: number }>)[0]!.n, events: (events as Array<{ n: number }>)[0]!.n };
}

/** The simulated bot's deposit trade for a listing, as the seller would reverse it in Steam. */
export async function reverseDeposit(app: TestApp, listingId: string): Promise<void> {
  const listing = await listingRow(app, listingId);
  const deposit = await offerRow(app, listing.tradeOfferId!);
  const response = await fetch(`${app.url}/dev/steam/trades/${deposit.steamTradeId}/reverse`, { method: 'POST' });
  expect(response.status, await response.clone().text()).toBe(200);
}

export function balanceCents(app: TestApp, userId: string): Promise<bigint> {
  return availableBalance(app.services.dataSource, userId);
}
