/**
 * Selling and buying through the API the screens use, for specs that need listings or orders as
 * a starting point rather than as the thing under test: the trade URL, a deposit offer followed
 * until the simulated bot's counterparty accepts it, and a purchase with an Idempotency-Key.
 */
import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import type { InventoryResponse } from '../../../shared/schemas/inventory';
import { MAX_MARKET_PAGE_SIZE, type MarketItem, type SkinsPage, type TradeOfferCreated, type TradeOfferStatus } from '../../../shared/schemas/market';
import { accountIdOf } from '../../../shared/steam';

export function tradeUrlOf(steamId: string, token = 'E2e_t0ken'): string {
  return `https://steamcommunity.com/tradeoffer/new/?partner=${accountIdOf(steamId)}&token=${token}`;
}

/** Saves the signed-in account's own trade URL (the profile form's call). */
export async function saveTradeUrl(page: Page, steamId: string): Promise<void> {
  const saved = await page.request.patch('/api/user/profile', { data: { tradeUrl: tradeUrlOf(steamId) } });
  expect(saved.ok(), await saved.text()).toBe(true);
}

/** The signed-in account's inventory items that can be listed now. */
export async function sellableItems(page: Page): Promise<InventoryResponse['items']> {
  const inventory = await page.request.get('/api/inventory');
  expect(inventory.ok(), await inventory.text()).toBe(true);
  const { items } = (await inventory.json()) as InventoryResponse;
  return items.filter((item) => item.tradable && item.marketable && !item.listed);
}

/**
 * Sells the first sellable items of the signed-in account (those `pick` accepts, when given), one
 * per price, and waits until the bot's offer is accepted. Resolves with their names.
 */
export async function sellViaApi(page: Page, steamId: string, prices: string[], pick: (item: InventoryResponse['items'][number]) => boolean = () => true): Promise<string[]> {
  const sellable = (await sellableItems(page)).filter(pick).slice(0, prices.length);
  expect(sellable).toHaveLength(prices.length);
  const created = await page.request.post('/api/trade-offers', {
    data: { items: sellable.map((item, index) => ({ assetid: item.assetid, price: prices[index] })), tradeUrl: tradeUrlOf(steamId) },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { offerId } = (await created.json()) as TradeOfferCreated;
  await expect
    .poll(
      async () => {
        const status = (await (await page.request.get(`/api/trade-offer/${offerId}/status`)).json()) as TradeOfferStatus;
        expect(status.success, status.message).toBe(true);
        return status.isAccepted;
      },
      { timeout: 30_000, intervals: [500] },
    )
    .toBe(true);
  return sellable.map((item) => item.name);
}

/**
 * Every listing on sale, in the grid's default order (price high to low), page after page: the
 * specs before the caller list items of their own beside the seed's, more than a page can hold.
 */
export async function allListings(page: Page): Promise<MarketItem[]> {
  const listings: MarketItem[] = [];
  let cursor: string | null = null;
  do {
    const response = await page.request.get('/api/skins', { params: { limit: MAX_MARKET_PAGE_SIZE, ...(cursor === null ? {} : { cursor }) } });
    expect(response.ok(), await response.text()).toBe(true);
    const body = (await response.json()) as SkinsPage;
    listings.push(...body.items);
    cursor = body.nextCursor;
  } while (cursor !== null);
  return listings;
}

/** The cheapest listing on the market the signed-in user did not list. */
export async function cheapestListing(page: Page): Promise<MarketItem> {
  const response = await page.request.get('/api/skins?sort=price_asc&limit=20');
  expect(response.ok()).toBe(true);
  const { items } = (await response.json()) as SkinsPage;
  expect(items.length).toBeGreaterThan(0);
  return items[0]!;
}

/** Buys listings through POST /api/purchases as the cart does; resolves with the order id. */
export async function buyViaApi(page: Page, listingIds: string[]): Promise<string> {
  const bought = await page.request.post('/api/purchases', { data: { listingIds }, headers: { 'Idempotency-Key': randomUUID() } });
  expect(bought.status(), await bought.text()).toBe(201);
  return ((await bought.json()) as { orderId: string }).orderId;
}
