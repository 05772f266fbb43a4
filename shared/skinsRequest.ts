/**
 * The Buy tab's filters and the GET /api/skins request they make: part of the contract, as the
 * server renders /market with the same first page (api/pages/marketPage.ts). It imports no library,
 * because the page's entry (pwa/src/main.tsx) asks for the market's first page before the app's
 * code has arrived (pwa/src/screens/market/buy/earlyFirstPage.ts).
 */
import { MARKET_PAGE_SIZE, type Condition, type Rarity, type WeaponType } from './constants';
import type { MarketSort } from './schemas/market';

export const DEFAULT_MARKET_SORT: MarketSort = 'price_desc';

/** Applied Buy tab filters; an absent field means "all" (the default). */
export interface MarketFilters {
  search?: string;
  /** Two-decimal strings as typed ("12.5"). */
  minPrice?: string;
  maxPrice?: string;
  weaponType?: WeaponType;
  rarity?: Rarity;
  condition?: Condition;
  statTrak?: boolean;
  souvenir?: boolean;
  /** Decimals from 0 to 1 as typed ("0.07"). */
  minFloat?: string;
  maxFloat?: string;
  /** The pattern index as typed ("661"). */
  paintSeed?: string;
  sort: MarketSort;
}

export const DEFAULT_MARKET_FILTERS: MarketFilters = { sort: DEFAULT_MARKET_SORT };

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
  if (filters.souvenir !== undefined) params.set('souvenir', String(filters.souvenir));
  if (filters.minFloat) params.set('minFloat', filters.minFloat);
  if (filters.maxFloat) params.set('maxFloat', filters.maxFloat);
  if (filters.paintSeed) params.set('paintSeed', filters.paintSeed);
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
