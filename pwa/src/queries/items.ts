/**
 * One market item's price history, latest sales and buy-order book, by market hash name
 * (GET /api/items/…): what the item dialog shows under the item, and the sell dialogs' suggested
 * prices. Public data: the answers are kept for offline visits with the
 * market's other public data (offline/publicCache.ts), under the keys of queries/market.ts.
 */
import { useQuery } from '@tanstack/react-query';
import { buyOrderBookAnswer } from '../../../shared/answers/buyOrders';
import { priceHistoryAnswer, recentSalesAnswer } from '../../../shared/answers/items';
import type { PriceHistoryDays } from '../../../shared/constants';
import { apiFetch } from '../api/client';
import { buyOrderKeys } from './keys';
import { marketKeys } from './market';

/** The dialog lists this many of the latest sales. */
export const DIALOG_SALES_LIMIT = 10;
/** Sales come in all day: a dialog opened again after a minute asks again (the app's default is never). */
const FRESH_MS = 60_000;

const itemPath = (marketHashName: string, rest: string) => `/api/items/${encodeURIComponent(marketHashName)}/${rest}`;

/** The item's daily prices over `days`; while another period of the same item loads, the last one stays on screen. */
export function usePriceHistoryQuery(marketHashName: string, days: PriceHistoryDays) {
  return useQuery({
    queryKey: marketKeys.priceHistory(marketHashName, days),
    queryFn: ({ signal }) => apiFetch(itemPath(marketHashName, `price-history?days=${days}`), priceHistoryAnswer, { signal }),
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === marketHashName ? previous : undefined),
    staleTime: FRESH_MS,
  });
}

/** The item's latest DIALOG_SALES_LIMIT sales, newest first. */
export function useRecentSalesQuery(marketHashName: string) {
  return useQuery({
    queryKey: marketKeys.recentSales(marketHashName),
    queryFn: ({ signal }) => apiFetch(itemPath(marketHashName, `sales?limit=${DIALOG_SALES_LIMIT}`), recentSalesAnswer, { signal }),
    staleTime: FRESH_MS,
  });
}

/**
 * The item's buy-order book: price levels, best first. With the float of an item being sold, only
 * the orders that item can fill (those without a float limit or with one at or above it).
 */
export function useBuyOrderBookQuery(marketHashName: string, float: number | null = null) {
  // Fixed-point: the API takes 0 to 1 with up to 17 decimals, never an exponent.
  const query = float === null ? '' : `?float=${float.toFixed(17)}`;
  return useQuery({
    queryKey: buyOrderKeys.book(marketHashName, float),
    queryFn: ({ signal }) => apiFetch(itemPath(marketHashName, `buy-orders${query}`), buyOrderBookAnswer, { signal }),
    staleTime: FRESH_MS,
  });
}
