/**
 * The requests about one item of the market, named by its Steam market hash name (exterior,
 * StatTrak™ and Souvenir included): its price history, its latest sales and its buy-order book. The answers are
 * ../answers/items.ts.
 */
import {
  DEFAULT_PRICE_HISTORY_DAYS,
  MAX_MARKET_HASH_NAME_LENGTH,
  MAX_RECENT_SALES_LIMIT,
  PRICE_HISTORY_DAYS,
  RECENT_SALES_LIMIT,
  type PriceHistoryDays,
} from '../constants';
import { isSingleLineText, CONTROL_CHARACTERS_MESSAGE } from '../text';
import { floatParam } from './market';
import { z } from './zod';

/**
 * The path's name, taken as it is (not trimmed: it is looked up, never stored). A name nothing was
 * ever sold or listed under is no error (its history is empty); one no item could have is.
 */
export const itemPathSchema = z.strictObject({
  marketHashName: z
    .string()
    .min(1, 'Required')
    .max(MAX_MARKET_HASH_NAME_LENGTH, `Must be at most ${MAX_MARKET_HASH_NAME_LENGTH} characters`)
    .refine(isSingleLineText, CONTROL_CHARACTERS_MESSAGE),
});

const DAYS_MESSAGE = `Must be one of ${PRICE_HISTORY_DAYS.join(', ')}`;
const DAYS_VALUES = PRICE_HISTORY_DAYS.map(String) as [`${PriceHistoryDays}`, ...Array<`${PriceHistoryDays}`>];
const LIMIT_MESSAGE = `Must be a whole number from 1 to ${MAX_RECENT_SALES_LIMIT}`;

/** GET /api/items/:marketHashName/price-history?days. */
export const priceHistoryQuerySchema = z.strictObject({
  days: z
    .enum(DAYS_VALUES, { error: DAYS_MESSAGE })
    .default(`${DEFAULT_PRICE_HISTORY_DAYS}`)
    .transform((days) => Number(days) as PriceHistoryDays),
});
export type PriceHistoryQuery = z.output<typeof priceHistoryQuerySchema>;

/** GET /api/items/:marketHashName/sales?limit. */
export const recentSalesQuerySchema = z.strictObject({
  limit: z.coerce.number({ error: LIMIT_MESSAGE }).int(LIMIT_MESSAGE).min(1, LIMIT_MESSAGE).max(MAX_RECENT_SALES_LIMIT, LIMIT_MESSAGE).default(RECENT_SALES_LIMIT),
});
export type RecentSalesQuery = z.output<typeof recentSalesQuerySchema>;

/**
 * GET /api/items/:marketHashName/buy-orders?float: with the float of an item being sold, only the
 * bids it could fill.
 */
export const buyOrderBookQuerySchema = z.strictObject({
  float: floatParam.optional(),
});
export type BuyOrderBookQuery = z.output<typeof buyOrderBookQuerySchema>;
