/**
 * The inventory cache table (typed SQL: one row per Steam account holding Steam's parsed items as
 * JSON, plus the back-off after a 429). Shared by every API process.
 */
import { type DataSource, type EntityManager } from 'typeorm';
import { type ParsedInventoryItem } from '../steam/gateway';

export interface CachedInventory {
  fetchedAt: Date;
  isPrivate: boolean;
  items: ParsedInventoryItem[];
  backoffUntil: Date | null;
}

type Db = DataSource | EntityManager;

export async function readCachedInventory(db: Db, steamId: string): Promise<CachedInventory | null> {
  const [row] = (await db.query('SELECT fetched_at, is_private, items, backoff_until FROM inventory_cache WHERE steam_id = $1', [steamId])) as Array<{
    fetched_at: Date;
    is_private: boolean;
    items: ParsedInventoryItem[];
    backoff_until: Date | null;
  }>;
  return row ? { fetchedAt: row.fetched_at, isPrivate: row.is_private, items: row.items, backoffUntil: row.backoff_until } : null;
}

/** Stores a fresh copy from Steam and clears any back-off. */
export async function storeInventory(db: Db, steamId: string, inventory: Omit<CachedInventory, 'backoffUntil'>): Promise<void> {
  await db.query(
    `INSERT INTO inventory_cache (steam_id, fetched_at, is_private, items, backoff_until)
     VALUES ($1, $2, $3, $4, NULL)
     ON CONFLICT (steam_id) DO UPDATE SET fetched_at = EXCLUDED.fetched_at, is_private = EXCLUDED.is_private,
       items = EXCLUDED.items, backoff_until = NULL`,
    [steamId, inventory.fetchedAt, inventory.isPrivate, JSON.stringify(inventory.items)],
  );
}

/** Steam rate-limited this account: ask again only after `until` (a cached copy, if any, stays). */
export async function backOffInventory(db: Db, steamId: string, until: Date): Promise<void> {
  await db.query(
    `INSERT INTO inventory_cache (steam_id, fetched_at, is_private, items, backoff_until)
     VALUES ($1, to_timestamp(0), false, '[]', $2)
     ON CONFLICT (steam_id) DO UPDATE SET backoff_until = EXCLUDED.backoff_until`,
    [steamId, until],
  );
}

/** Forgets the cached copy's freshness so the next read goes to Steam (items moved by a trade). */
export async function expireCachedInventory(db: Db, steamId: string): Promise<void> {
  await db.query('UPDATE inventory_cache SET fetched_at = to_timestamp(0) WHERE steam_id = $1', [steamId]);
}
