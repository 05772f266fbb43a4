/**
 * The answers about one item of the market (by market hash name): its daily price history with the
 * prices it can be bought and sold at now, and its latest sales. Money as two-decimal strings.
 */
import * as z from './z';
import { isoTime, money } from './z';

/** One UTC day with sales: the median, lowest and highest price, and how many sold. */
export const pricePointAnswer = z.object({
  /** 'YYYY-MM-DD', UTC. */
  date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  median: money,
  low: money,
  high: money,
  volume: z.number(),
});
export type PricePoint = z.infer<typeof pricePointAnswer>;

/** The whole period's median, lowest and highest price (null without sales) and how many sold. */
export const pricePeriodAnswer = z.object({ median: z.nullable(money), low: z.nullable(money), high: z.nullable(money), volume: z.number() });
export type PricePeriod = z.infer<typeof pricePeriodAnswer>;

/**
 * GET /api/items/:marketHashName/price-history?days. `points` holds only the days with sales, oldest
 * first; a name nobody sold has none.
 */
export const priceHistoryAnswer = z.object({
  marketHashName: z.string(),
  points: z.array(pricePointAnswer),
  period: pricePeriodAnswer,
  /** The latest sale's price, whenever it was. */
  lastSale: z.nullable(money),
  /** The cheapest listing buyers can buy now. */
  lowestListing: z.nullable(money),
  /** The best open buy order's price (null: nobody bids). */
  highestBuyOrder: z.nullable(money),
});
export type PriceHistory = z.infer<typeof priceHistoryAnswer>;

export const recentSaleAnswer = z.object({
  price: money,
  /** The item's wear rating; null for items without one. */
  float: z.nullable(z.number()),
  soldAt: isoTime,
});
export type RecentSale = z.infer<typeof recentSaleAnswer>;

/** GET /api/items/:marketHashName/sales?limit: the latest sales, newest first. */
export const recentSalesAnswer = z.object({ sales: z.array(recentSaleAnswer) });
export type RecentSales = z.infer<typeof recentSalesAnswer>;
