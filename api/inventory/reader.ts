/**
 * A user's Steam inventory, cached in PostgreSQL for five minutes per account (shared by every API
 * process) because Steam rate-limits the community inventory hard. After a 429 the account backs
 * off for a minute: the cached copy is served if there is one, otherwise the caller answers 503.
 * Items in an open deposit offer or a live listing are marked `listed`.
 */
import { type DataSource } from 'typeorm';
import { INVENTORY_STALE_MS } from '../../shared/constants';
import { type InventoryResponse } from '../../shared/schemas/inventory';
import { type ParsedInventoryItem, type SteamGateway, SteamUnavailableError } from '../steam/gateway';
import { backOffInventory, readCachedInventory, storeInventory } from './cache';
import { listedAssetIds } from './listedAssets';

const BACKOFF_AFTER_429_MS = 60_000;

interface LoadProps {
  steamId: string;
  /** Skip a fresh cache entry (the user pressed Refresh, or a sale needs Steam's current view). */
  refresh: boolean;
  dataSource: DataSource;
  steam: SteamGateway;
  now?: Date;
}

export interface LoadedInventory {
  fetchedAt: Date;
  isPrivate: boolean;
  items: ParsedInventoryItem[];
}

/** The inventory as Steam last reported it: from the cache while fresh, else from Steam. */
export async function loadInventory({ steamId, refresh, dataSource, steam, now = new Date() }: LoadProps): Promise<LoadedInventory> {
  const cached = await readCachedInventory(dataSource, steamId);
  const fresh = cached && now.getTime() - cached.fetchedAt.getTime() < INVENTORY_STALE_MS;
  if (cached && fresh && !refresh) return cached;
  if (cached?.backoffUntil && cached.backoffUntil > now) {
    if (cached.items.length || cached.isPrivate) return cached;
    throw new SteamUnavailableError('backing off after Steam rate-limited this inventory', true);
  }

  let result;
  try {
    result = await steam.getInventory(steamId);
  } catch (error) {
    if (error instanceof SteamUnavailableError && error.rateLimited) {
      await backOffInventory(dataSource, steamId, new Date(now.getTime() + BACKOFF_AFTER_429_MS));
    }
    throw error;
  }
  const loaded = { fetchedAt: now, isPrivate: result.status === 'private', items: result.status === 'ok' ? result.items : [] };
  await storeInventory(dataSource, steamId, loaded);
  return loaded;
}

/** GET /api/inventory: the signed-in user's inventory with the `listed` flag. */
export async function readInventory(props: LoadProps & { userId: string }): Promise<InventoryResponse> {
  const inventory = await loadInventory(props);
  const listed = await listedAssetIds(props.dataSource, props.userId);
  return {
    items: inventory.items.map((item) => ({ ...item, listed: listed.has(item.assetid) })),
    private: inventory.isPrivate,
    fetchedAt: inventory.fetchedAt.toISOString(),
  };
}
