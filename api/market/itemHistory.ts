/**
 * An item's price history and latest sales (GET /api/items/:marketHashName/price-history and
 * /sales), read from the sales that stand (entities/Sale.ts; a refund deletes its sale) through the
 * index on (market_hash_name, sold_at, id), which carries price and float: a year of an item's
 * sales is one index range, read without touching the table. Typed SQL, as the buckets are SQL's
 * work (docs/adr/0030-data-access-and-layers.md).
 *
 * Days are UTC days, cut in PostgreSQL. The median is exact in integer cents, never through
 * floating point: percentile_cont would interpolate in double precision, so the two middle prices
 * are taken with percentile_disc (the lower one from the ascending order, the upper one from the
 * descending; the same price when a day has an odd number of sales) and their mean is rounded half
 * up in bigint arithmetic: (lower + upper + 1) / 2.
 *
 * Each answer is kept for a few seconds per process and forgotten on every listing event (a sale,
 * a refund, a new or cancelled listing) and buy-order event (a bid placed, filled or cancelled),
 * with the catalogue's pages (market/catalogueCache.ts).
 */
import { type DataSource } from 'typeorm';
import { type PriceHistoryDays } from '../../shared/constants';
import { cachedValues } from './cachedValue';
import { AVAILABLE } from './catalogue';

const TTL_MS = 10_000;

/** Median (exact, see above), lowest and highest price as bigint cents in text, and the count, of a group of `price_cents`. */
const FIGURES = `
  ((percentile_disc(0.5) WITHIN GROUP (ORDER BY price_cents) + percentile_disc(0.5) WITHIN GROUP (ORDER BY price_cents DESC) + 1) / 2)::text AS median,
  min(price_cents)::text AS low,
  max(price_cents)::text AS high,
  count(*)::int AS volume`;
const MAX_ENTRIES = 1_000;

/** A day with sales, amounts as bigint cents in text. */
export interface PricePointRow {
  date: string;
  median: string;
  low: string;
  high: string;
  volume: number;
}

/** The whole period: its median, lowest and highest price (null without sales) and how many sold. */
export interface PeriodRow {
  median: string | null;
  low: string | null;
  high: string | null;
  volume: number;
}

export interface PriceHistoryRow {
  points: PricePointRow[];
  period: PeriodRow;
  /** The latest sale's price (cents as text), or null. */
  last_sale: string | null;
  /** The cheapest available listing's price (cents as text), or null. */
  lowest_listing: string | null;
  /** The best open buy order's price (cents as text), or null. */
  highest_buy_order: string | null;
}

export interface RecentSaleRow {
  /** Cents as text. */
  price: string;
  float: number | null;
  sold_at: Date;
}

/**
 * `days` UTC days up to and including the day of `now` (the first one from its midnight), the
 * period as a whole (its median as exact as a day's), the latest sale, the cheapest listing and the
 * best open bid, in one statement.
 */
export async function readPriceHistory(
  dataSource: Pick<DataSource, 'query'>,
  p: { marketHashName: string; days: PriceHistoryDays; now?: Date },
): Promise<PriceHistoryRow> {
  const [row] = (await dataSource.query(
    `WITH window_sales AS (
       SELECT (sold_at AT TIME ZONE 'UTC')::date AS day, price_cents
       FROM sales
       WHERE market_hash_name = $1
         AND sold_at >= (($2::timestamptz AT TIME ZONE 'UTC')::date - ($3::int - 1))::timestamp AT TIME ZONE 'UTC'
     ), daily AS (
       SELECT to_char(day, 'YYYY-MM-DD') AS date, ${FIGURES}
       FROM window_sales GROUP BY day
     )
     SELECT
       (SELECT coalesce(json_agg(daily ORDER BY daily.date), '[]'::json) FROM daily) AS points,
       (SELECT row_to_json(period) FROM (SELECT ${FIGURES} FROM window_sales) AS period) AS period,
       (SELECT price_cents::text FROM sales WHERE market_hash_name = $1 ORDER BY sold_at DESC, id DESC LIMIT 1) AS last_sale,
       (SELECT min(price_cents)::text FROM listings WHERE market_hash_name = $1 AND ${AVAILABLE}) AS lowest_listing,
       (SELECT max(price_cents)::text FROM buy_orders WHERE market_hash_name = $1 AND status = 'open') AS highest_buy_order`,
    [p.marketHashName, p.now ?? new Date(), p.days],
  )) as [PriceHistoryRow];
  return row;
}

/** The latest `limit` sales, newest first. */
export async function readRecentSales(dataSource: Pick<DataSource, 'query'>, p: { marketHashName: string; limit: number }): Promise<RecentSaleRow[]> {
  return (await dataSource.query(
    'SELECT price_cents::text AS price, float, sold_at FROM sales WHERE market_hash_name = $1 ORDER BY sold_at DESC, id DESC LIMIT $2',
    [p.marketHashName, p.limit],
  )) as RecentSaleRow[];
}

/** The two reads of one process, each answer kept TTL_MS; `clear` forgets them all. */
export function createItemHistory(dataSource: Pick<DataSource, 'query'>, ttlMs = TTL_MS) {
  const histories = cachedValues<PriceHistoryRow>(ttlMs, MAX_ENTRIES);
  const sales = cachedValues<RecentSaleRow[]>(ttlMs, MAX_ENTRIES);
  return {
    priceHistory: (p: { marketHashName: string; days: PriceHistoryDays }) =>
      histories.get(`${p.days}:${p.marketHashName}`, () => readPriceHistory(dataSource, p)),
    recentSales: (p: { marketHashName: string; limit: number }) => sales.get(`${p.limit}:${p.marketHashName}`, () => readRecentSales(dataSource, p)),
    clear(): void {
      histories.clear();
      sales.clear();
    },
  };
}
