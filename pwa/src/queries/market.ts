/**
 * The market catalogue (DESIGN.md section 4): the Buy tab's filtered, sorted, keyset-paged skins
 * (GET /api/skins), the landing page's featured skins and market stats.
 *
 * The Buy tab's filters are one object that is at once the query key, the page URL's search
 * parameters (a filtered view can be shared and reloaded) and the API request's parameters: the
 * same names as `skinsQuerySchema`, which also validates what comes in from a URL, so a hand-edited
 * or outdated link can never make the request fail.
 */
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { MARKET_PAGE_SIZE, type Condition, type Rarity, type WeaponType } from '../../../shared/constants';
import { parseMoney } from '../../../shared/money';
import {
  skinsQuerySchema,
  type MarketItem,
  type MarketSort,
  type MarketStats,
  type SkinsPage,
} from '../../../shared/schemas/market';
import { apiFetch } from '../api/client';

export const DEFAULT_MARKET_SORT: MarketSort = 'price_desc';

/** Applied Buy tab filters; an absent field means "all" (spec: default filters all). */
export interface MarketFilters {
  search?: string;
  /** Two-decimal strings as typed ("12.5"), validated by parseMoney. */
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
  skins: (filters: MarketFilters) => [...marketKeys.skinsAll(), normalizeFilters(filters)] as const,
  featured: () => [...marketKeys.all, 'featured'] as const,
  stats: () => [...marketKeys.all, 'stats'] as const,
};

const fields = skinsQuerySchema.shape;

function valid<T>(schema: { safeParse(value: unknown): { success: boolean } }, value: T | undefined): T | undefined {
  return value !== undefined && schema.safeParse(value).success ? value : undefined;
}

/**
 * The filters with empty and invalid values removed (a price that is not money, an unknown rarity,
 * min above max drops max), so equal views give equal query keys and URLs.
 */
export function normalizeFilters(filters: MarketFilters): MarketFilters {
  const search = filters.search?.trim();
  const normalized: MarketFilters = { sort: valid(fields.sort, filters.sort) ?? DEFAULT_MARKET_SORT };
  if (search && fields.search.safeParse(search).success) normalized.search = search;
  const minPrice = valid(fields.minPrice, filters.minPrice);
  let maxPrice = valid(fields.maxPrice, filters.maxPrice);
  if (minPrice !== undefined && maxPrice !== undefined && (parseMoney(minPrice) ?? 0n) > (parseMoney(maxPrice) ?? 0n)) {
    maxPrice = undefined;
  }
  if (minPrice !== undefined) normalized.minPrice = minPrice;
  if (maxPrice !== undefined) normalized.maxPrice = maxPrice;
  const weaponType = valid(fields.weaponType, filters.weaponType);
  if (weaponType) normalized.weaponType = weaponType;
  const rarity = valid(fields.rarity, filters.rarity);
  if (rarity) normalized.rarity = rarity;
  const condition = valid(fields.condition, filters.condition);
  if (condition) normalized.condition = condition;
  if (typeof filters.statTrak === 'boolean') normalized.statTrak = filters.statTrak;
  return normalized;
}

/** Reads filters from a URL's search parameters; unknown or invalid values count as "all". */
export function filtersFromSearchParams(params: URLSearchParams): MarketFilters {
  const get = (name: string) => params.get(name) ?? undefined;
  const statTrak = get('statTrak');
  return normalizeFilters({
    search: get('search'),
    minPrice: get('minPrice'),
    maxPrice: get('maxPrice'),
    weaponType: get('weaponType') as WeaponType | undefined,
    rarity: get('rarity') as Rarity | undefined,
    condition: get('condition') as Condition | undefined,
    statTrak: statTrak === 'true' ? true : statTrak === 'false' ? false : undefined,
    sort: (get('sort') as MarketSort | undefined) ?? DEFAULT_MARKET_SORT,
  });
}

/** The filters as search parameters, in a fixed order; the default sort is left out. */
export function searchParamsFromFilters(filters: MarketFilters): URLSearchParams {
  const normalized = normalizeFilters(filters);
  const params = new URLSearchParams();
  if (normalized.search) params.set('search', normalized.search);
  if (normalized.minPrice) params.set('minPrice', normalized.minPrice);
  if (normalized.maxPrice) params.set('maxPrice', normalized.maxPrice);
  if (normalized.weaponType) params.set('weaponType', normalized.weaponType);
  if (normalized.rarity) params.set('rarity', normalized.rarity);
  if (normalized.condition) params.set('condition', normalized.condition);
  if (normalized.statTrak !== undefined) params.set('statTrak', String(normalized.statTrak));
  if (normalized.sort !== DEFAULT_MARKET_SORT) params.set('sort', normalized.sort);
  return params;
}

/** GET /api/skins for one page of a filtered view. */
export function skinsRequestPath(filters: MarketFilters, cursor?: string | null): string {
  const params = searchParamsFromFilters(filters);
  params.set('sort', normalizeFilters(filters).sort);
  params.set('limit', String(MARKET_PAGE_SIZE));
  if (cursor) params.set('cursor', cursor);
  return `/api/skins?${params}`;
}

/**
 * The Buy grid: pages of MARKET_PAGE_SIZE in the server's order. While a changed filter loads, the
 * previous results stay on screen (dimmed by the grid) instead of flashing back to skeletons.
 */
export function useSkinsInfiniteQuery(filters: MarketFilters) {
  const normalized = normalizeFilters(filters);
  return useInfiniteQuery({
    queryKey: marketKeys.skins(normalized),
    queryFn: ({ pageParam, signal }) => apiFetch<SkinsPage>(skinsRequestPath(normalized, pageParam), { signal }),
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
