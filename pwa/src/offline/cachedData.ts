/**
 * Writing and reading the offline copies of the signed-in user's data (tables described in db.ts).
 * A dataset is replaced whole each time it loads, so a row the server no longer returns (a deleted
 * payment method) does not live on offline. A copy is only read back for the user it belongs to.
 *
 * Listings, orders and the watchlist are paged lists (queries/pagedLists.ts): every page loaded is stored, its rows
 * in order, and read back as one page with nothing after it, since offline nothing more can load.
 */
import type { InventoryResponse } from '../../../shared/schemas/inventory';
import type { Listing, ListingsPage, Order, OrdersPage } from '../../../shared/schemas/market';
import type { CurrentUser } from '../../../shared/schemas/user';
import type { PaymentMethod } from '../../../shared/schemas/wallet';
import type { Watch, WatchlistPage } from '../../../shared/schemas/watchlist';
import type { PagedList } from '../queries/pagedLists';
import { db as defaultDb, type AppDB, type Dataset } from './db';

/** What each dataset's query holds (and so what a copy gives back). */
export interface DatasetData {
  user: CurrentUser;
  inventory: InventoryResponse;
  listings: PagedList<ListingsPage>;
  orders: PagedList<OrdersPage>;
  paymentMethods: PaymentMethod[];
  watchlist: PagedList<WatchlistPage>;
}

type ListDataset = 'listings' | 'orders' | 'paymentMethods' | 'watchlist';

function listTable(database: AppDB, dataset: ListDataset | 'inventory') {
  return {
    listings: database.listings,
    orders: database.orders,
    paymentMethods: database.paymentMethods,
    watchlist: database.watchlist,
    inventory: database.inventory,
  }[dataset];
}

/** Strips the storage fields off a cached row. */
function unstored<T extends { userId: string; position: number }>({ userId: _userId, position: _position, ...row }: T) {
  return row;
}

/**
 * Stores the signed-in user. Another user than the one cached means a different person signed in
 * on this device: the previous user's cached data goes first (their queued edits stay, unseen and
 * unsent, until they sign in again or someone logs out).
 */
export async function saveUser(user: CurrentUser, { database = defaultDb, now = Date.now() } = {}): Promise<void> {
  await database.transaction('rw', [...database.cacheTables(), database.notices], async () => {
    const others = await database.user.where('steamId').notEqual(user.steamId).count();
    if (others > 0) {
      await Promise.all(database.cacheTables().map((table) => table.clear()));
      await database.notices.where('userId').notEqual(user.steamId).delete();
    }
    await database.user.put(user);
    await database.meta.put({ dataset: 'user', userId: user.steamId, updatedAt: now });
  });
}

/** Replaces one of the user's datasets with the server's latest answer. */
export async function saveDataset<D extends Exclude<Dataset, 'user'>>(
  dataset: D,
  userId: string,
  data: DatasetData[D],
  { database = defaultDb, now = Date.now() } = {},
): Promise<void> {
  const table = listTable(database, dataset);
  await database.transaction('rw', [table, database.meta, database.user], async () => {
    // Only the cached user's data is kept (a late answer for a previous user is dropped).
    if (!(await database.user.get(userId))) return;
    await table.where('userId').equals(userId).delete();
    if (dataset === 'inventory') {
      const inventory = data as InventoryResponse;
      await database.inventory.bulkPut(inventory.items.map((item, position) => ({ ...item, userId, position })));
      await database.meta.put({
        dataset,
        userId,
        updatedAt: now,
        inventory: { private: inventory.private, fetchedAt: inventory.fetchedAt },
      });
      return;
    }
    if (dataset === 'paymentMethods') {
      const rows = (data as PaymentMethod[]).map((row, position) => ({ ...row, userId, position }));
      await database.paymentMethods.bulkPut(rows);
      await database.meta.put({ dataset, userId, updatedAt: now });
      return;
    }
    const { pages } = data as PagedList<ListingsPage | OrdersPage | WatchlistPage>;
    const rows = pages.flatMap((page) => page.items as Array<Listing | Order | Watch>).map((row, position) => ({ ...row, userId, position }));
    await (table as typeof database.listings).bulkPut(rows as never);
    const summary = dataset === 'listings' ? { listingsSummary: (pages[0] as ListingsPage | undefined)?.summary ?? null } : {};
    await database.meta.put({ dataset, userId, updatedAt: now, ...summary });
  });
}

/** The last cached user, or null when none is (never signed in here, or logged out). */
export async function loadUser(database: AppDB = defaultDb): Promise<CurrentUser | null> {
  return (await database.user.toCollection().first()) ?? null;
}

/** The cached copy of a dataset for the cached user, with when it was loaded; null if there is none. */
export async function loadDataset<D extends Dataset>(
  dataset: D,
  database: AppDB = defaultDb,
): Promise<{ data: DatasetData[D]; updatedAt: number } | null> {
  return database.transaction('r', [database.user, database.meta, database.inventory, database.listings, database.orders, database.paymentMethods, database.watchlist], async () => {
    const user = await loadUser(database);
    const meta = await database.meta.get(dataset);
    if (!user || !meta || meta.userId !== user.steamId) return null;
    if (dataset === 'user') return { data: user as DatasetData[D], updatedAt: meta.updatedAt };
    const rows = await listTable(database, dataset as ListDataset | 'inventory')
      .where('userId')
      .equals(user.steamId)
      .sortBy('position');
    const list = rows.map((row) => unstored(row as { userId: string; position: number }));
    if (dataset === 'inventory') {
      const inventory: InventoryResponse = {
        items: list as InventoryResponse['items'],
        private: meta.inventory?.private ?? false,
        fetchedAt: meta.inventory?.fetchedAt ?? new Date(meta.updatedAt).toISOString(),
      };
      return { data: inventory as DatasetData[D], updatedAt: meta.updatedAt };
    }
    if (dataset === 'paymentMethods') return { data: list as DatasetData[D], updatedAt: meta.updatedAt };
    const page = dataset === 'listings' ? { items: list, nextCursor: null, summary: meta.listingsSummary ?? null } : { items: list, nextCursor: null };
    return { data: { pages: [page], pageParams: [null] } as DatasetData[D], updatedAt: meta.updatedAt };
  });
}

/** Applies a listing change (from a push message) to the cached listings, if that listing is cached. */
export async function patchCachedListing(
  change: { id: string } & Partial<Listing>,
  database: AppDB = defaultDb,
): Promise<void> {
  const { id, ...fields } = change;
  await database.listings.update(id, fields);
}
