/**
 * The market catalogue (DESIGN.md section 4): the Buy tab's filtered, sorted, keyset-paged skins
 * (GET /api/skins), the landing page's featured skins and market stats.
 *
 * The Buy tab's filters are one object that is at once the query key, the page URL's search
 * parameters (a filtered view can be shared and reloaded) and the API request's parameters, under
 * the names of `skinsQuerySchema`. Reading them from a URL, with validation, is the Buy tab's job
 * (screens/market/buy/filterParams.ts): this module imports only types from the shared schemas, so
 * the landing page, which uses the featured and stats hooks, does not download the schema library.
 */
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { MARKET_PAGE_SIZE, type Condition, type Rarity, type WeaponType } from '../../../shared/constants';
import type { MarketItem, MarketSort, MarketStats, SkinsPage } from '../../../shared/schemas/market';
import { apiFetch } from '../api/client';

export const DEFAULT_MARKET_SORT: MarketSort = 'price_desc';

/** Applied Buy tab filters; an absent field means "all" (spec: default filters all). */
export interface MarketFilters {
  search?: string;
  /** Two-decimal strings as typed ("12.5"). */
  minPrice?: string;
  maxPrice?: string;
  weaponType?: WeaponType;
  rarity?: Rarity;
  condition?: Condition;
  statTrak?: boolean;
  sort: MarketSort;
}

export const DEFAULT_MARKET_FILTERS: MarketFilters = { sort: DEFAULT_MARKET_SORT };

export const marketKeys = {
  all: ['market'] as const,
  skinsAll: () => [...marketKeys.all, 'skins'] as const,
  /** Pass validated filters (filterParams.ts): equal views must give equal keys. */
  skins: (filters: MarketFilters) => [...marketKeys.skinsAll(), filters] as const,
  featured: () => [...marketKeys.all, 'featured'] as const,
  stats: () => [...marketKeys.all, 'stats'] as const,
};

/** The filters as search parameters, in a fixed order; "all" filters and the default sort are left out. */
export function searchParamsFromFilters(filters: MarketFilters): URLSearchParams {
  const params = new URLSearchParams();
  const search = filters.search?.trim();
  if (search) params.set('search', search);
  if (filters.minPrice) params.set('minPrice', filters.minPrice);
  if (filters.maxPrice) params.set('maxPrice', filters.maxPrice);
  if (filters.weaponType) params.set('weaponType', filters.weaponType);
  if (filters.rarity) params.set('rarity', filters.rarity);
  if (filters.condition) params.set('condition', filters.condition);
  if (filters.statTrak !== undefined) params.set('statTrak', String(filters.statTrak));
  if (filters.sort !== DEFAULT_MARKET_SORT) params.set('sort', filters.sort);
  return params;
}

/** GET /api/skins for one page of a filtered view. */
export function skinsRequestPath(filters: MarketFilters, cursor?: string | null): string {
  const params = searchParamsFromFilters(filters);
  params.set('sort', filters.sort);
  params.set('limit', String(MARKET_PAGE_SIZE));
  if (cursor) params.set('cursor', cursor);
  return `/api/skins?${params}`;
}

/**
 * The Buy grid: pages of MARKET_PAGE_SIZE in the server's order. While a changed filter loads, the
 * previous results stay on screen (dimmed by the grid) instead of flashing back to skeletons.
 */
export function useSkinsInfiniteQuery(filters: MarketFilters) {
  return useInfiniteQuery({
    queryKey: marketKeys.skins(filters),
    queryFn: ({ pageParam, signal }) => apiFetch<SkinsPage>(skinsRequestPath(filters, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    placeholderData: keepPreviousData,
  });
}

/** The landing page's featured skins (at most 8; the page shows the section only when there are some). */
export function useFeaturedSkinsQuery() {
  return useQuery({
    queryKey: marketKeys.featured(),
    queryFn: ({ signal }) => apiFetch<MarketItem[]>('/api/featured-skins', { signal }),
  });
}

/** The landing page's stats row. */
export function useMarketStatsQuery() {
  return useQuery({
    queryKey: marketKeys.stats(),
    queryFn: ({ signal }) => apiFetch<MarketStats>('/api/market-stats', { signal }),
  });
}
