/**
 * Reading the Buy tab's filters from a URL (or any partial update) safely: what the API's
 * `skinsQuerySchema` would refuse (an unknown rarity, a price that is not money, a float outside
 * 0-1, a pattern above 1000, a max below the min, a search over 100 characters or with control
 * characters) counts as "all", so a hand-edited
 * or outdated link can never make the catalogue request fail. The result is also the query key, so
 * equal views share it.
 *
 * The checks are the schema's own rules written with the shared constants and parsers, not the
 * schema itself: zod is then not part of the market's first download. filterParams.test.ts holds
 * them to the schema with generated inputs, so the two cannot drift apart.
 */
import {
  CONDITIONS,
  MARKET_SORTS,
  MAX_SEARCH_LENGTH,
  RARITIES,
  WEAPON_TYPES,
  type Condition,
  type MarketSort,
  type Rarity,
  type WeaponType,
} from '../../../../../shared/constants';
import { parseMoney } from '../../../../../shared/money';
import { isSingleLineText } from '../../../../../shared/text';
import { parseFloatBound, parsePaintSeed } from '../../../../../shared/wearAndPattern';
import { DEFAULT_MARKET_SORT, type MarketFilters } from '../../../../../shared/skinsRequest';

function oneOf<T extends string>(values: readonly T[], value: string | undefined): T | undefined {
  return value !== undefined && (values as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** A filter price the API accepts: money with at most two decimals, not negative. */
function price(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const cents = parseMoney(value);
  return cents !== null && cents >= 0n ? value : undefined;
}

/** `value` when `parse` reads it, else undefined. */
function valid(parse: (input: string) => number | null, value: string | undefined): string | undefined {
  return value !== undefined && parse(value) !== null ? value : undefined;
}

/** The filters with empty and invalid values removed. */
export function normalizeFilters(filters: MarketFilters): MarketFilters {
  const search = filters.search?.trim();
  const normalized: MarketFilters = { sort: oneOf(MARKET_SORTS, filters.sort) ?? DEFAULT_MARKET_SORT };
  if (search && search.length <= MAX_SEARCH_LENGTH && isSingleLineText(search)) normalized.search = search;
  const minPrice = price(filters.minPrice);
  let maxPrice = price(filters.maxPrice);
  if (minPrice !== undefined && maxPrice !== undefined && (parseMoney(minPrice) ?? 0n) > (parseMoney(maxPrice) ?? 0n)) {
    maxPrice = undefined;
  }
  if (minPrice !== undefined) normalized.minPrice = minPrice;
  if (maxPrice !== undefined) normalized.maxPrice = maxPrice;
  const weaponType = oneOf(WEAPON_TYPES, filters.weaponType);
  if (weaponType) normalized.weaponType = weaponType;
  const rarity = oneOf(RARITIES, filters.rarity);
  if (rarity) normalized.rarity = rarity;
  const condition = oneOf(CONDITIONS, filters.condition);
  if (condition) normalized.condition = condition;
  if (typeof filters.statTrak === 'boolean') normalized.statTrak = filters.statTrak;
  if (typeof filters.souvenir === 'boolean') normalized.souvenir = filters.souvenir;
  const minFloat = valid(parseFloatBound, filters.minFloat);
  let maxFloat = valid(parseFloatBound, filters.maxFloat);
  if (minFloat !== undefined && maxFloat !== undefined && parseFloatBound(minFloat)! > parseFloatBound(maxFloat)!) maxFloat = undefined;
  if (minFloat !== undefined) normalized.minFloat = minFloat;
  if (maxFloat !== undefined) normalized.maxFloat = maxFloat;
  const paintSeed = valid(parsePaintSeed, filters.paintSeed);
  if (paintSeed !== undefined) normalized.paintSeed = paintSeed;
  return normalized;
}

/** A boolean search parameter: 'true' or 'false', anything else "all". */
function flag(value: string | undefined): boolean | undefined {
  return value === 'true' ? true : value === 'false' ? false : undefined;
}

/** Reads filters from a URL's search parameters; unknown or invalid values count as "all". */
export function filtersFromSearchParams(params: URLSearchParams): MarketFilters {
  const get = (name: string) => params.get(name) ?? undefined;
  return normalizeFilters({
    search: get('search'),
    minPrice: get('minPrice'),
    maxPrice: get('maxPrice'),
    weaponType: get('weaponType') as WeaponType | undefined,
    rarity: get('rarity') as Rarity | undefined,
    condition: get('condition') as Condition | undefined,
    statTrak: flag(get('statTrak')),
    souvenir: flag(get('souvenir')),
    minFloat: get('minFloat'),
    maxFloat: get('maxFloat'),
    paintSeed: get('paintSeed'),
    sort: (get('sort') as MarketSort | undefined) ?? DEFAULT_MARKET_SORT,
  });
}
