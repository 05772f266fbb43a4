/**
 * Reading the Buy tab's filters from a URL (or any partial update) safely: every value is checked
 * with the API's own `skinsQuerySchema`, and what the API would refuse (an unknown rarity, a price
 * that is not money, a max below the min) counts as "all", so a hand-edited or outdated link can
 * never make the catalogue request fail. The result is also the query key, so equal views share it.
 */
import { type Condition, type Rarity, type WeaponType } from '../../../../../shared/constants';
import { parseMoney } from '../../../../../shared/money';
import { skinsQuerySchema, type MarketSort } from '../../../../../shared/schemas/market';
import { DEFAULT_MARKET_SORT, type MarketFilters } from '../../../queries/market';

const fields = skinsQuerySchema.shape;

function valid<T>(schema: { safeParse(value: unknown): { success: boolean } }, value: T | undefined): T | undefined {
  return value !== undefined && schema.safeParse(value).success ? value : undefined;
}

/** The filters with empty and invalid values removed. */
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
