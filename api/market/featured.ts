/**
 * GET /api/featured-skins: up to 8 available listings for the landing page. Listings an operator
 * flagged (`npm run ops -- feature <listingId>`) come first, most valuable first; free places are
 * filled with the most valuable other available listings, so the section is full whenever the
 * market holds 8 items. Both halves read a partial index in order (no sort, no scan). Kept for
 * FEATURED_TTL_MS per process (the landing page asks on every visit); a purchase in this process
 * clears it, like the catalogue's pages.
 */
import { type DataSource } from 'typeorm';
import { FEATURED_SKINS_LIMIT } from '../../shared/constants';
import { cachedValue } from './cachedValue';
import { AVAILABLE, MARKET_ITEM_COLUMNS, type MarketItemRow } from './catalogue';

export const FEATURED_TTL_MS = 5_000;

async function readFeatured(dataSource: Pick<DataSource, 'query'>): Promise<MarketItemRow[]> {
  const rows = (await dataSource.query(
    `(SELECT ${MARKET_ITEM_COLUMNS}, 0 AS rank FROM listings WHERE ${AVAILABLE} AND featured ORDER BY price_cents DESC, id DESC LIMIT $1)
     UNION ALL
     (SELECT ${MARKET_ITEM_COLUMNS}, 1 AS rank FROM listings WHERE ${AVAILABLE} AND NOT featured ORDER BY price_cents DESC, id DESC LIMIT $1)`,
    [FEATURED_SKINS_LIMIT],
  )) as Array<MarketItemRow & { rank: number }>;
  // UNION ALL keeps each half's order; flagged ones first.
  return rows
    .sort((a, b) => a.rank - b.rank)
    .slice(0, FEATURED_SKINS_LIMIT)
    .map(({ rank: _rank, ...row }) => row);
}

export function createFeaturedListings(dataSource: Pick<DataSource, 'query'>, ttlMs = FEATURED_TTL_MS) {
  return cachedValue(ttlMs, () => readFeatured(dataSource));
}
