/**
 * GET /api/market-stats from the market's own data, computed at most every STATS_TTL_MS per process
 * (the landing page is the busiest page; these figures need not be to the second):
 * - totalTraders: distinct users who listed an item for sale or bought one;
 * - dailyVolume: the prices of items bought in the last 24 hours, refunded ones left out;
 * - totalSkins: listings available to buy now;
 * - successRate: delivered / (delivered + failed) order items, one decimal, rounded down so a
 *   single failure never shows as 100.0%; "100.0%" while no delivery has settled either way
 *   (nothing has failed yet).
 */
import { type DataSource } from 'typeorm';
import { formatUsd } from '../../shared/money';
import { type MarketStats } from '../../shared/schemas/market';
import { cachedValue } from './cachedValue';
import { AVAILABLE } from './catalogue';

export const STATS_TTL_MS = 30_000;

/** "99.8%": per-mille rounded down, as a percentage with one decimal. */
export function formatSuccessRate(delivered: bigint, failed: bigint): string {
  const settled = delivered + failed;
  const perMille = settled === 0n ? 1000n : (delivered * 1000n) / settled;
  return `${perMille / 10n}.${perMille % 10n}%`;
}

async function computeStats(dataSource: Pick<DataSource, 'query'>): Promise<MarketStats> {
  const [row] = (await dataSource.query(
    `SELECT
       (SELECT count(*) FROM (SELECT seller_id FROM listings UNION SELECT buyer_id FROM orders) AS traders) AS traders,
       (SELECT coalesce(sum(i.price_cents), 0) FROM orders o JOIN order_items i ON i.order_id = o.id
         WHERE o.created_at > now() - interval '24 hours' AND i.refunded_at IS NULL) AS volume,
       (SELECT count(*) FROM listings WHERE ${AVAILABLE}) AS skins,
       (SELECT count(*) FROM order_items WHERE status = 'delivered') AS delivered,
       (SELECT count(*) FROM order_items WHERE status = 'failed') AS failed`,
  )) as Array<{ traders: string; volume: string; skins: string; delivered: string; failed: string }>;
  return {
    totalTraders: Number(row!.traders),
    dailyVolume: formatUsd(BigInt(row!.volume)),
    totalSkins: Number(row!.skins),
    successRate: formatSuccessRate(BigInt(row!.delivered), BigInt(row!.failed)),
  };
}

/** The stats reader of one process: computes on first use, then serves the cached figures for `ttlMs`. */
export function createMarketStats(dataSource: Pick<DataSource, 'query'>, ttlMs = STATS_TTL_MS): () => Promise<MarketStats> {
  const stats = cachedValue(ttlMs, () => computeStats(dataSource));
  return () => stats.get();
}
