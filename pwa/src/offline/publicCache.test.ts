import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SkinsPage } from '../../../shared/schemas/market';
import { marketKeys, seedDefaultSkinsPage } from '../queries/market';
import { DEFAULT_MARKET_FILTERS } from '../../../shared/skinsRequest';
import { createQueryClient } from '../queryClient';
import { testMarketItem } from '../testing/marketItem';

const STORAGE_KEY = 'skinmarket.public-cache';

function page(name: string): SkinsPage {
  return { items: [testMarketItem({ id: name, name })], nextCursor: null };
}

/** A save in localStorage of the market's first page as `client` holds it. */
function saveOf(client: QueryClient): string {
  return JSON.stringify({ buster: '2', timestamp: Date.now(), clientState: dehydrate(client) });
}

const firstPageKey = marketKeys.skins(DEFAULT_MARKET_FILTERS);
const firstNames = (client: QueryClient) => client.getQueryData<{ pages: SkinsPage[] }>(firstPageKey)?.pages[0]?.items.map((item) => item.name);

describe('restorePublicCache', () => {
  let storage: Map<string, string>;
  beforeEach(() => {
    vi.useFakeTimers();
    vi.resetModules();
    storage = new Map();
    vi.stubGlobal('window', {
      localStorage: { getItem: (key: string) => storage.get(key) ?? null, setItem: (key: string, value: string) => void storage.set(key, value), removeItem: (key: string) => void storage.delete(key) },
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("keeps the server's first page over a save stamped later by a browser clock that runs ahead, and saves it", async () => {
    const readAt = Date.now();
    const earlier = createQueryClient();
    seedDefaultSkinsPage(earlier, page('saved earlier'), readAt + 60_000);
    storage.set(STORAGE_KEY, saveOf(earlier));
    const { restorePublicCache } = await import('./publicCache');

    const client = createQueryClient();
    seedDefaultSkinsPage(client, page('from the server'), readAt);
    await restorePublicCache(client);
    expect(firstNames(client)).toEqual(['from the server']);
    expect(client.getQueryState(firstPageKey)).toMatchObject({ dataUpdatedAt: readAt, isInvalidated: false });

    await vi.advanceTimersByTimeAsync(1_500);
    expect(storage.get(STORAGE_KEY)).toContain('from the server');
  });

  it('puts a save into an empty cache as stale, to be read again when online', async () => {
    const earlier = createQueryClient();
    seedDefaultSkinsPage(earlier, page('saved earlier'));
    storage.set(STORAGE_KEY, saveOf(earlier));
    const { restorePublicCache } = await import('./publicCache');

    const client = createQueryClient();
    await restorePublicCache(client);
    expect(firstNames(client)).toEqual(['saved earlier']);
    expect(client.getQueryState(firstPageKey)?.isInvalidated).toBe(true);
  });

  it("keeps the items' histories and sales loaded last, carried over from earlier saves, and restores them stale", async () => {
    const history = (name: string) => ({ marketHashName: name, points: [], period: { median: null, low: null, high: null, volume: 0 }, lastSale: null, lowestListing: null, highestBuyOrder: null });
    const earlier = createQueryClient();
    earlier.setQueryData(marketKeys.recentSales('Item 0'), { sales: [] }, { updatedAt: Date.now() - 60_000 });
    storage.set(STORAGE_KEY, saveOf(earlier));
    const { restorePublicCache } = await import('./publicCache');

    const client = createQueryClient();
    await restorePublicCache(client);
    expect(client.getQueryState(marketKeys.recentSales('Item 0'))?.isInvalidated).toBe(true);
    for (let index = 1; index <= 20; index++) {
      client.setQueryData(marketKeys.priceHistory(`Item ${index}`, 30), history(`Item ${index}`), { updatedAt: Date.now() + index });
    }
    await vi.advanceTimersByTimeAsync(1_500);
    const saved = JSON.parse(storage.get(STORAGE_KEY)!) as { clientState: { queries: Array<{ queryKey: unknown[] }> } };
    const items = saved.clientState.queries.map((query) => query.queryKey).filter((key) => key[1] === 'item');
    // The 16 loaded last; the oldest, carried over from the earlier save, went first.
    expect(items).toHaveLength(16);
    expect(items.map((key) => key[2]).sort()).toEqual(Array.from({ length: 16 }, (_, index) => `Item ${index + 5}`).sort());
  });
});
