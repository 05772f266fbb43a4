/**
 * The one place that writes the offline copies: a subscriber on the query cache that stores every
 * successful load (and every setQueryData: a mutation's answer, a live event) of the signed-in
 * user's data into Dexie (cachedData.ts); for a paged list, every page loaded so far (a next page
 * arriving is a load of the whole list). Query modules need no change for it.
 */
import { hashKey, type QueryClient } from '@tanstack/react-query';
import type { InventoryResponse } from '../../../shared/schemas/inventory';
import type { ListingsPage, OrdersPage } from '../../../shared/schemas/market';
import type { PaymentMethod } from '../../../shared/schemas/wallet';
import type { WatchlistPage } from '../../../shared/schemas/watchlist';
import { inventoryKeys, listingKeys, orderKeys, paymentMethodKeys, userKeys, watchlistKeys } from '../queries/keys';
import type { PagedList } from '../queries/pagedLists';
import type { User } from '../queries/user';
import type * as CachedData from './cachedData';
import type { Dataset } from './db';
import { loadDexieApart } from './dexieApart';

/** The Dexie writers, loaded with the first answer to copy (Dexie stays off the first paint). */
let writers: Promise<typeof CachedData> | undefined;
function cachedData() {
  writers ??= loadDexieApart().then(() => import('./cachedData'));
  return writers;
}

/** The query (by its hash) whose data each dataset copies. */
const DATASET_OF_QUERY = new Map<string, Dataset>([
  [hashKey(userKeys.current()), 'user'],
  [hashKey(inventoryKeys.mine()), 'inventory'],
  [hashKey(listingKeys.mine()), 'listings'],
  [hashKey(orderKeys.mine()), 'orders'],
  [hashKey(paymentMethodKeys.list()), 'paymentMethods'],
  [hashKey(watchlistKeys.mine()), 'watchlist'],
]);

function logFailure(error: unknown) {
  // A full or unavailable IndexedDB (private mode) only costs the offline copy.
  console.warn('Could not keep the offline copy', error);
}

/** Starts copying; returns the function that stops it. */
export function keepOfflineCopies(queryClient: QueryClient): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const dataset = DATASET_OF_QUERY.get(event.query.queryHash);
    const data: unknown = event.query.state.data;
    if (!dataset || data === undefined) return;
    if (dataset === 'user') {
      // null is "signed out": the copy stays until logout clears it (a session can expire offline).
      if (data) cachedData().then(({ saveUser }) => saveUser(data as User)).catch(logFailure);
      return;
    }
    const user = queryClient.getQueryData<User | null>(userKeys.current());
    if (!user) return;
    cachedData().then(({ saveDataset }) =>
      dataset === 'inventory'
        ? saveDataset('inventory', user.steamId, data as InventoryResponse)
        : dataset === 'listings'
          ? saveDataset('listings', user.steamId, data as PagedList<ListingsPage>)
          : dataset === 'orders'
            ? saveDataset('orders', user.steamId, data as PagedList<OrdersPage>)
            : dataset === 'watchlist'
              ? saveDataset('watchlist', user.steamId, data as PagedList<WatchlistPage>)
              : saveDataset('paymentMethods', user.steamId, data as PaymentMethod[]),
    ).catch(logFailure);
  });
}
