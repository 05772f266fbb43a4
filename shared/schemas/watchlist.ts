/**
 * The watchlist's requests (docs/adr/0078-watchlist-alerts.md): watch an item by its market hash
 * name, optionally with the price at or under which a new listing alerts. The answers are
 * ../answers/watchlist.ts.
 */
import { MAX_MARKET_HASH_NAME_LENGTH, MAX_SELL_PRICE_CENTS } from '../constants';
import { formatUsd } from '../money';
import { moneyAmount } from './money';
import { text, z } from './zod';

const MAX_PRICE = BigInt(MAX_SELL_PRICE_CENTS);

/**
 * The alert price: what a listing may cost at most to alert ('12.34'), in bigint cents; the same
 * bounds as a listing's price, since no listing could be outside them.
 */
export const watchMaxPriceSchema = moneyAmount({
  min: 1n,
  max: MAX_PRICE,
  invalidMessage: 'Please enter a valid price',
  minMessage: 'Please enter a valid price',
  maxMessage: `Maximum price is ${formatUsd(MAX_PRICE)}`,
});

/** POST /api/watchlist: a repeat for the same item changes its alert price. */
export const watchRequestSchema = z.strictObject({
  marketHashName: text({ error: 'Required' }).min(1, 'Required').max(MAX_MARKET_HASH_NAME_LENGTH, `Must be at most ${MAX_MARKET_HASH_NAME_LENGTH} characters`),
  /** Absent or null: alert on any price. */
  maxPrice: watchMaxPriceSchema.nullable().optional(),
});
export type WatchRequest = z.output<typeof watchRequestSchema>;
/** The request as the PWA sends it (money as a string). */
export type WatchRequestBody = z.input<typeof watchRequestSchema>;

export type { Watch, WatchlistPage } from '../answers/watchlist';
