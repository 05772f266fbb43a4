/**
 * The public data kept for offline visits (docs/adr/0044-offline-copies.md): the landing page's market stats
 * and featured skins, the first page of the market's default view, and the price histories and
 * latest sales of the last items opened (MAX_ITEM_ANSWERS answers), persisted from the TanStack
 * Query cache into localStorage (@tanstack/query-sync-storage-persister), so `/` and `/market`,
 * and those items' dialogs, render with the network off. Nothing of the signed-in user goes here
 * (their data is in Dexie).
 *
 * Restored entries count as stale, so an online visit re-reads them at once, while an offline one
 * shows them (their queries wait, paused, for the network).
 *
 * The restore runs before the first render (start.tsx), not in TanStack's PersistQueryClientProvider:
 * the provider renders first with every query on hold and then again once restored, and that second
 * pass re-rendered each screen reading a query in one long task, and made the screen's requests
 * wait for it.
 */
import { hashKey, type QueryClient } from '@tanstack/react-query';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import {
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
  type PersistQueryClientOptions,
} from '@tanstack/react-query-persist-client';
import { marketKeys } from '../queries/market';
import { DEFAULT_MARKET_FILTERS } from '../../../shared/skinsRequest';

const STORAGE_KEY = 'skinmarket.public-cache';
/** Bump when the shape of a persisted answer changes: older saves are then discarded. */
const CACHE_VERSION = '2';
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const MARKET_FIRST_PAGE = hashKey(marketKeys.skins(DEFAULT_MARKET_FILTERS));
const PUBLIC_QUERIES = new Set([hashKey(marketKeys.stats()), hashKey(marketKeys.featured()), MARKET_FIRST_PAGE]);
/**
 * Item answers (a period's price history, the latest sales) kept, the latest loaded first: a year's
 * history is some 30 KB, and the whole save is written again at each change of the cache.
 */
const MAX_ITEM_ANSWERS = 16;
const [MARKET, ITEM] = marketKeys.itemsAll();

const isItemQuery = (query: { queryKey: readonly unknown[] }) => query.queryKey[0] === MARKET && query.queryKey[1] === ITEM;
const isPublicQuery = (query: { queryHash: string; queryKey: readonly unknown[] }) => PUBLIC_QUERIES.has(query.queryHash) || isItemQuery(query);

function localStorageOrUndefined(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Storage blocked (some privacy settings): nothing is persisted.
    return undefined;
  }
}

type PersistOptions = Omit<PersistQueryClientOptions, 'queryClient'>;
type PersistedClient = Parameters<NonNullable<Parameters<typeof createSyncStoragePersister>[0]['serialize']>>[0];

/** Keeps only the first page of the market's infinite list: that is what the page shows first. */
function firstPageOnly(client: PersistedClient): PersistedClient {
  const queries = client.clientState.queries.map((query) => {
    if (query.queryHash !== MARKET_FIRST_PAGE) return query;
    const data = query.state.data as { pages: unknown[]; pageParams: unknown[] } | undefined;
    if (!data) return query;
    return { ...query, state: { ...query.state, data: { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } } };
  });
  return { ...client, clientState: { ...client.clientState, queries } };
}

/**
 * A query left unused for gcTime (5 minutes) leaves the cache, and so the next save; the last saved
 * copy of it is carried over instead, so a long visit to one page does not lose the other's data.
 */
function withEarlierSaves(client: PersistedClient, storage: Storage | undefined): PersistedClient {
  let earlier: PersistedClient | null = null;
  try {
    earlier = JSON.parse(storage?.getItem(STORAGE_KEY) ?? 'null') as PersistedClient | null;
  } catch {
    earlier = null;
  }
  if (!earlier || earlier.buster !== client.buster) return client;
  const present = new Set(client.clientState.queries.map((query) => query.queryHash));
  const carried = earlier.clientState.queries.filter((query) => isPublicQuery(query) && !present.has(query.queryHash));
  return { ...client, clientState: { ...client.clientState, queries: [...client.clientState.queries, ...carried] } };
}

/** Keeps the MAX_ITEM_ANSWERS item answers loaded last, and every other query. */
function latestItemsOnly(client: PersistedClient): PersistedClient {
  const items = client.clientState.queries.filter(isItemQuery).sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  if (items.length <= MAX_ITEM_ANSWERS) return client;
  const dropped = new Set(items.slice(MAX_ITEM_ANSWERS));
  return { ...client, clientState: { ...client.clientState, queries: client.clientState.queries.filter((query) => !dropped.has(query)) } };
}

let options: PersistOptions | undefined;

/**
 * Made on first use, not when the module runs: a page's first touch of localStorage reads the
 * origin's storage from disk (some 3 ms here, four times that on a phone), and the module runs in
 * the app's first task, already its longest.
 */
export function publicCachePersistOptions(): PersistOptions {
  if (options) return options;
  const storage = localStorageOrUndefined();
  options = {
    persister: createSyncStoragePersister({
      storage,
      key: STORAGE_KEY,
      serialize: (client) => JSON.stringify(latestItemsOnly(withEarlierSaves(firstPageOnly(client), storage))),
    }),
    buster: CACHE_VERSION,
    maxAge: MAX_AGE_MS,
    dehydrateOptions: {
      shouldDehydrateQuery: (query) => query.state.status === 'success' && isPublicQuery(query),
      shouldDehydrateMutation: () => false,
    },
  };
  return options;
}

/**
 * Puts the saved public answers into the cache (as stale: shown, but re-read as soon as the network
 * allows) where the cache has no answer yet, then saves them whenever they change. A save that
 * cannot be read is dropped; the page then starts empty, as on a first visit.
 */
export async function restorePublicCache(queryClient: QueryClient): Promise<void> {
  // The save never replaces an answer the cache already has (the market's first page from the
  // server's HTML): the restore keeps the newer of the two by their clocks, and the browser's may
  // be ahead of the server's. Only what came from the save is stale.
  const kept = new Map(
    queryClient
      .getQueryCache()
      .findAll({ predicate: (query) => query.state.status === 'success' })
      .map((query) => [query.queryHash, { key: query.queryKey, data: query.state.data, updatedAt: query.state.dataUpdatedAt }]),
  );
  const persistOptions = publicCachePersistOptions();
  try {
    await persistQueryClientRestore({ queryClient, ...persistOptions });
    for (const { key, data, updatedAt } of kept.values()) {
      if (queryClient.getQueryState(key)?.dataUpdatedAt !== updatedAt) queryClient.setQueryData(key, data, { updatedAt });
    }
    await queryClient.invalidateQueries({ queryKey: marketKeys.all, refetchType: 'none', predicate: (query) => !kept.has(query.queryHash) });
  } catch {
    // persistQueryClientRestore has removed the unreadable save.
  }
  persistQueryClientSubscribe({ queryClient, ...persistOptions });
  // What the cache had before (the server's first page) is saved now, not at its next change.
  if (kept.size > 0) void persistQueryClientSave({ queryClient, ...persistOptions });
}
