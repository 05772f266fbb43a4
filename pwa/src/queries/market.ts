/**
 * The market catalogue (docs/adr/0034-catalogue-query.md): the Buy tab's filtered, sorted, keyset-paged skins
 * (GET /api/skins), the landing page's featured skins and market stats. One item on sale by its
 * listing id (GET /api/skins/{id}, for links to it) is read by screens/market/buy/LinkedItem.tsx,
 * which loads only for such a link: this module is in every page's first download.
 *
 * The Buy tab's filters are one object that is at once the query key, the page URL's search
 * parameters (a filtered view can be shared and reloaded) and the API request's parameters, under
 * the names of `skinsQuerySchema`. Reading them from a URL, with validation, is the Buy tab's job
 * (screens/market/buy/filterParams.ts): this module takes only types from the request schemas and
 * parses answers with the small answer schemas (shared/answers/), so the landing page, which uses
 * the featured and stats hooks, does not download the forms' schema library.
 */
import { featuredSkinsAnswer, marketStatsAnswer, skinsPageAnswer } from '../../../shared/answers/market';
import { keepPreviousData, useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import type { SkinsPage } from '../../../shared/schemas/market';
import { apiFetch } from '../api/client';
import { DEFAULT_MARKET_FILTERS, skinsRequestPath, type MarketFilters } from '../../../shared/skinsRequest';
import type { PriceHistoryDays } from '../../../shared/constants';

export const marketKeys = {
  all: ['market'] as const,
  skinsAll: () => [...marketKeys.all, 'skins'] as const,
  /** Pass validated filters (filterParams.ts): equal views must give equal keys. */
  skins: (filters: MarketFilters) => [...marketKeys.skinsAll(), filters] as const,
  featured: () => [...marketKeys.all, 'featured'] as const,
  stats: () => [...marketKeys.all, 'stats'] as const,
  /** One item on sale, by its listing id (GET /api/skins/{id}). */
  listing: (id: string) => [...marketKeys.all, 'listing', id] as const,
  /** Every item's history and sales (queries/items.ts): public data, kept for offline visits (offline/publicCache.ts). */
  itemsAll: () => [...marketKeys.all, 'item'] as const,
  priceHistory: (marketHashName: string, days: PriceHistoryDays) => [...marketKeys.itemsAll(), marketHashName, 'price-history', days] as const,
  recentSales: (marketHashName: string) => [...marketKeys.itemsAll(), marketHashName, 'sales'] as const,
};

/**
 * The Buy grid: pages of MARKET_PAGE_SIZE in the server's order. While a changed filter loads, the
 * previous results stay on screen (dimmed by the grid) instead of flashing back to skeletons.
 */
export function useSkinsInfiniteQuery(filters: MarketFilters) {
  return useInfiniteQuery({
    queryKey: marketKeys.skins(filters),
    queryFn: ({ pageParam, signal }) => apiFetch(skinsRequestPath(filters, pageParam), skinsPageAnswer, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    placeholderData: keepPreviousData,
  });
}

/**
 * Puts `page` into the cache as the first page of the market's default view, as read by the server
 * at `readAt` (now, when the answer just came; the server's time for a page rendered on the server).
 */
export function seedDefaultSkinsPage(client: QueryClient, page: SkinsPage, readAt = Date.now()): void {
  client.setQueryData(marketKeys.skins(DEFAULT_MARKET_FILTERS), { pages: [page], pageParams: [null] }, { updatedAt: readAt });
}

/** The landing page's featured skins (at most 8; the page shows the section only when there are some). */
export function useFeaturedSkinsQuery() {
  return useQuery({
    queryKey: marketKeys.featured(),
    queryFn: ({ signal }) => apiFetch('/api/featured-skins', featuredSkinsAnswer, { signal }),
  });
}

/** The landing page's stats row. */
export function useMarketStatsQuery() {
  return useQuery({
    queryKey: marketKeys.stats(),
    queryFn: ({ signal }) => apiFetch('/api/market-stats', marketStatsAnswer, { signal }),
  });
}
