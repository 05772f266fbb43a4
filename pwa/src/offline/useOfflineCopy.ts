/**
 * Offline reads: a query module passes its query through useOfflineCopy, and while the API cannot
 * be reached (reachability.ts, or this query paused offline or failed on the network) and the
 * query has no data of
 * its own, the screen gets the Dexie copy instead (watched with Dexie's liveQuery, so a push
 * message that updates a listing shows at once; liveCopy.ts, loaded only when a copy is needed, so
 * Dexie stays out of the JavaScript every page loads first). Screens need no change; the OfflineMarker tells the user the
 * data is a copy and how old it is. As soon as the network is back the paused query runs and its
 * answer replaces the copy.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { UseInfiniteQueryResult, UseQueryResult } from '@tanstack/react-query';
import type { DatasetData } from './cachedData';
import type { Dataset } from './db';
import type { DatasetCopy } from './liveCopy';
import { isNetworkFailure } from './network';
import { useApiUnreachable } from './reachability';

/** Per dataset shown from its copy: how many hooks show it, and when it was last loaded. */
const servedFromCopy = new Map<Dataset, { count: number; updatedAt: number }>();
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** Registers one hook showing the copy; returns its release. */
function holdServed(dataset: Dataset, updatedAt: number): () => void {
  const current = servedFromCopy.get(dataset);
  servedFromCopy.set(dataset, { count: (current?.count ?? 0) + 1, updatedAt });
  notify();
  return () => {
    const held = servedFromCopy.get(dataset);
    if (!held) return;
    if (held.count <= 1) servedFromCopy.delete(dataset);
    else servedFromCopy.set(dataset, { ...held, count: held.count - 1 });
    notify();
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** When the copy of `dataset` on screen was last loaded, or null while it is live data. */
export function useServedFromCopy(dataset: Dataset): number | null {
  return useSyncExternalStore(
    subscribe,
    () => servedFromCopy.get(dataset)?.updatedAt ?? null,
    () => null,
  );
}

/** A query's result, of useQuery or of useInfiniteQuery (a paged list). */
type QueryResult<T> = UseQueryResult<T> | UseInfiniteQueryResult<T>;

/** The query as it would look had it loaded `data` (only the fields screens read are meaningful). */
function asLoaded<Q extends QueryResult<unknown>>(query: Q, data: unknown, updatedAt: number): Q {
  return {
    ...query,
    data,
    error: null,
    status: 'success',
    isPending: false,
    isLoading: false,
    isSuccess: true,
    isError: false,
    isLoadingError: false,
    isRefetchError: false,
    isPlaceholderData: false,
    dataUpdatedAt: updatedAt,
    // A paged list's copy holds every page that was loaded, and offline no more can load.
    ...('hasNextPage' in query ? { hasNextPage: false, isFetchingNextPage: false, isFetchNextPageError: false } : {}),
  } as Q;
}

/** The live Dexie copy of `dataset` while `active`: undefined while reading, null when there is none. */
function useDatasetCopy<D extends Dataset>(dataset: D, active: boolean): DatasetCopy<D> | undefined {
  const [read, setRead] = useState<{ dataset: D; copy: DatasetCopy<D> } | null>(null);
  useEffect(() => {
    if (!active) return;
    let subscription: { unsubscribe(): void } | undefined;
    let stopped = false;
    import('./liveCopy')
      .then(({ watchDataset }) => {
        if (!stopped) subscription = watchDataset(dataset, (copy) => setRead({ dataset, copy }));
      })
      .catch(() => setRead({ dataset, copy: null }));
    return () => {
      stopped = true;
      subscription?.unsubscribe();
    };
  }, [dataset, active]);
  return active && read?.dataset === dataset ? read.copy : undefined;
}

/**
 * The query, or the Dexie copy of `dataset` in its place while the API cannot be reached. For the
 * user, no copy means "signed out" (null); for the other datasets the query is left as it is.
 */
export function useOfflineCopy<D extends Dataset, Q extends QueryResult<DatasetData[D] | null>>(query: Q, dataset: D): Q {
  const apiUnreachable = useApiUnreachable();
  const unreachable =
    query.data === undefined &&
    (apiUnreachable || query.fetchStatus === 'paused' || (query.isError && isNetworkFailure(query.error)));
  const copy = useDatasetCopy(dataset, unreachable);
  const servedAt = unreachable && copy ? copy.updatedAt : null;

  useEffect(() => {
    if (servedAt === null) return;
    return holdServed(dataset, servedAt);
  }, [dataset, servedAt]);

  if (!unreachable || copy === undefined) return query;
  if (copy === null) return dataset === 'user' ? asLoaded(query, null, 0) : query;
  return asLoaded(query, copy.data, copy.updatedAt);
}
