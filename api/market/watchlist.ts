/**
 * GET /api/watchlist: the user's watches, newest first, a keyset page at a time (as newestFirst.ts,
 * served by watches_user_idx), each with the cheapest listing of its item buyers can buy now: one
 * look per watch into the index of available listings by name and price (migration Sales).
 */
import { type DataSource } from 'typeorm';
import { z } from 'zod';
import { Watch } from '../entities';
import { type Page, type PageRequest } from '../newestFirst';
import { cursorTimestamp, cursorTimestampSql, decodeCursor, pageOf } from '../pagination';
import { AVAILABLE } from './catalogue';

export interface WatchedItem {
  watch: Watch;
  /** The cheapest available listing's price; null when none is on sale. */
  lowestListingCents: bigint | null;
}

const createdAtCursor = z.strictObject({ at: cursorTimestamp, id: z.uuid() });

/** The cheapest available listing of one item (the watch just saved). */
export async function lowestListingCents(dataSource: DataSource, marketHashName: string): Promise<bigint | null> {
  const [row] = (await dataSource.query(`SELECT min(price_cents)::text AS lowest FROM listings WHERE market_hash_name = $1 AND ${AVAILABLE}`, [
    marketHashName,
  ])) as Array<{ lowest: string | null }>;
  return row?.lowest ? BigInt(row.lowest) : null;
}

export async function watchlistOf(dataSource: DataSource, userId: string, page: PageRequest): Promise<Page<WatchedItem>> {
  const after = decodeCursor(page.cursor, createdAtCursor);
  // AVAILABLE's columns are the listing's (a watch has no sold_at or status).
  const query = dataSource
    .getRepository(Watch)
    .createQueryBuilder('watch')
    .addSelect(cursorTimestampSql('watch.created_at'), 'cursor_at')
    .addSelect(`(SELECT min(price_cents)::text FROM listings l WHERE l.market_hash_name = watch.market_hash_name AND ${AVAILABLE})`, 'lowest')
    .where('watch.user_id = :userId', { userId })
    .orderBy('watch.created_at', 'DESC')
    .addOrderBy('watch.id', 'DESC')
    .limit(page.limit + 1);
  if (after) query.andWhere('(watch.created_at, watch.id) < (CAST(:at AS timestamptz), CAST(:id AS uuid))', after);
  const { entities, raw } = await query.getRawAndEntities<{ cursor_at: string; lowest: string | null }>();
  const cursorAt = new Map(entities.map((watch, index) => [watch, raw[index]!.cursor_at]));
  const rows = entities.map((watch, index) => {
    const lowest = raw[index]!.lowest;
    return { watch, lowestListingCents: lowest === null ? null : BigInt(lowest) };
  });
  return pageOf(rows, page.limit, (row) => ({ at: cursorAt.get(row.watch)!, id: row.watch.id }));
}
