/**
 * The Buy tab's filters live in the page URL (`/market?rarity=covert&search=ak`), so a filtered view
 * can be shared and survives a reload. The URL is the single source of truth: the applied filters
 * are read from it (invalid values count as "all"), and every change writes it (replacing the
 * history entry, so Back leaves the market instead of stepping through keystrokes).
 *
 * Typed fields (search, min and max price, min and max float, pattern) keep a draft while the user
 * types and apply it after FILTER_DEBOUNCE_MS; a value the API would refuse (a price that is not
 * money, a float outside 0-1, a max below its min, a pattern above 1000) is shown as an error, in
 * the API's words, and not applied.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { parseMoney } from '../../../../../shared/money';
import { DEFAULT_MARKET_FILTERS, searchParamsFromFilters, type MarketFilters } from '../../../../../shared/skinsRequest';
import { FLOAT_MESSAGE, FLOAT_RANGE_MESSAGE, parseFloatBound, parsePaintSeed, PATTERN_MESSAGE } from '../../../../../shared/wearAndPattern';
import { filtersFromSearchParams, normalizeFilters } from './filterParams';

export const FILTER_DEBOUNCE_MS = 300;
const PRICE_MESSAGE = 'Must be a price such as 12.34';
const RANGE_MESSAGE = 'Min price must not be above max price';

export function useMarketFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearchParams(searchParams), [searchParams]);
  // What this hook last wrote, until the page renders with it: React Router hands every update
  // before that render the same `current`, so two fields applying in one tick (min and max typed
  // together) would each write their own value over the other's.
  const written = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    written.current = null;
  }, [searchParams]);

  const write = useCallback(
    (next: URLSearchParams) => {
      written.current = next;
      setSearchParams(next, { replace: true, preventScrollReset: true });
    },
    [setSearchParams],
  );

  const updateFilters = useCallback(
    (patch: Partial<MarketFilters>) => {
      write(searchParamsFromFilters(normalizeFilters({ ...filtersFromSearchParams(written.current ?? searchParams), ...patch })));
    },
    [write, searchParams],
  );

  const clearFilters = useCallback(() => write(searchParamsFromFilters({ ...DEFAULT_MARKET_FILTERS, sort: filters.sort })), [write, filters.sort]);

  return { filters, updateFilters, clearFilters };
}

/** How many filters (not the sort) are applied; the 'Advanced Filters' toggle shows it. */
export function activeFilterCount(filters: MarketFilters): number {
  const { sort: _sort, ...rest } = filters;
  return Object.values(rest).filter((value) => value !== undefined).length;
}

/**
 * A typed field's draft: follows the applied value when that changes from elsewhere (Clear, Back),
 * and applies itself FILTER_DEBOUNCE_MS after the last keystroke when `validate` finds no error.
 */
export function useDraftField(
  applied: string,
  apply: (value: string) => void,
  validate: (value: string) => string | null = () => null,
) {
  const [draft, setDraft] = useState(applied);
  const [seenApplied, setSeenApplied] = useState(applied);
  if (applied !== seenApplied) {
    // Changed from outside (or our own debounced write came back normalized): show it unless the
    // draft already means the same thing ("ak " is "ak").
    setSeenApplied(applied);
    if (draft.trim() !== applied) setDraft(applied);
  }
  const error = validate(draft.trim());

  useEffect(() => {
    const value = draft.trim();
    if (value === applied || error) return;
    const timer = setTimeout(() => apply(value), FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, applied, error, apply]);

  return { draft, setDraft, error };
}

/**
 * The min a max field is checked against: the typed min once it is valid (it is about to apply),
 * else the applied min, which stays in force while the typed one is refused. Checked against the
 * typed min alone, a max below the applied min would apply, and the URL's normalizing drop it.
 */
export function minInForce(min: { draft: string; error: string | null }, applied: string | undefined): string {
  return min.error ? (applied ?? '') : min.draft.trim();
}

/** The price fields' check: blank is fine (no limit), anything else must be a two-decimal amount. */
export function priceError(value: string): string | null {
  return value === '' || parseMoney(value) !== null ? null : PRICE_MESSAGE;
}

/** The max price's check, against the min price in force (minInForce). */
export function maxPriceError(max: string, min: string): string | null {
  const invalid = priceError(max);
  if (invalid || max === '') return invalid;
  const minCents = parseMoney(min);
  const maxCents = parseMoney(max);
  return minCents !== null && maxCents !== null && minCents > maxCents ? RANGE_MESSAGE : null;
}

/** The float fields' check: blank is fine (no limit), anything else a decimal from 0 to 1. */
export function floatError(value: string): string | null {
  return value === '' || parseFloatBound(value) !== null ? null : FLOAT_MESSAGE;
}

/** The max float's check, against the min float in force (minInForce). */
export function maxFloatError(max: string, min: string): string | null {
  const invalid = floatError(max);
  if (invalid || max === '') return invalid;
  const minFloat = parseFloatBound(min);
  return minFloat !== null && minFloat > parseFloatBound(max)! ? FLOAT_RANGE_MESSAGE : null;
}

/** The pattern field's check: blank is fine (any pattern), anything else a whole number from 0 to 1000. */
export function patternError(value: string): string | null {
  return value === '' || parsePaintSeed(value) !== null ? null : PATTERN_MESSAGE;
}
