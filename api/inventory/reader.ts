/**
 * A user's Steam inventory, cached in PostgreSQL for five minutes per account (shared by every API
 * process) because Steam rate-limits the community inventory hard. After a 429 the account backs
 * off for a minute: the cached copy is served if there is one, otherwise the caller answers 503.
 */
import { type DataSource } from 'typeorm';
import { INVENTORY_STALE_MS } from '../../shared/constants';
import { type InventoryItem, type InventoryResponse } from '../../shared/schemas/inventory';
import { type ParsedInventoryItem, type SteamGateway, SteamUnavailableError } from '../steam/gateway';

const BACKOFF_AFTER_429_MS = 60_000;

interface CacheRow {
  fetched_at: Date;
  is_private: boolean;
  items: ParsedInventoryItem[];
  backoff_until: Date | null;
}

interface Props {
  steamId: string;
  /** Skip a fresh cache entry (the user pressed Refresh). */
  refresh: boolean;
  dataSource: DataSource;
  steam: SteamGateway;
  now?: Date;
}

/** Items in an open trade offer or an active listing; none exist until selling is built. */
function withListedFlag(items: ParsedInventoryItem[]): InventoryItem[] {
  return items.map((item) => ({ ...item, listed: false }));
}

function present(row: Pick<CacheRow, 'fetched_at' | 'is_private' | 'items'>): InventoryResponse {
  return { items: withListedFlag(row.items), private: row.is_private, fetchedAt: row.fetched_at.toISOString() };
}

export async function readInventory({ steamId, refresh, dataSource, steam, now = new Date() }: Props): Promise<InventoryResponse> {
  const [cached] = (await dataSource.query(
    'SELECT fetched_at, is_private, items, backoff_until FROM inventory_cache WHERE steam_id = $1',
    [steamId],
  )) as CacheRow[];
  const fresh = cached && now.getTime() - cached.fetched_at.getTime() < INVENTORY_STALE_MS;
  if (cached && fresh && !refresh) return present(cached);
  if (cached?.backoff_until && cached.backoff_until > now) {
    if (cached.items.length || cached.is_private) return present(cached);
    throw new SteamUnavailableError('backing off after Steam rate-limited this inventory', true);
  }

  let result;
  try {
    result = await steam.getInventory(steamId);
  } catch (error) {
    if (error instanceof SteamUnavailableError && error.rateLimited) {
      await dataSource.query(
        `INSERT INTO inventory_cache (steam_id, fetched_at, is_private, items, backoff_until)
         VALUES ($1, to_timestamp(0), false, '[]', $2)
         ON CONFLICT (steam_id) DO UPDATE SET backoff_until = EXCLUDED.backoff_until`,
        [steamId, new Date(now.getTime() + BACKOFF_AFTER_429_MS)],
      );
    }
    throw error;
  }
  const row = { fetched_at: now, is_private: result.status === 'private', items: result.status === 'ok' ? result.items : [] };
  await dataSource.query(
    `INSERT INTO inventory_cache (steam_id, fetched_at, is_private, items, backoff_until)
     VALUES ($1, $2, $3, $4, NULL)
     ON CONFLICT (steam_id) DO UPDATE SET fetched_at = EXCLUDED.fetched_at, is_private = EXCLUDED.is_private,
       items = EXCLUDED.items, backoff_until = NULL`,
    [steamId, row.fetched_at, row.is_private, JSON.stringify(row.items)],
  );
  return present(row);
}
