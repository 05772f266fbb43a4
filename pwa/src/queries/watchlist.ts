/**
 * The signed-in user's watchlist (docs/adr/0078-watchlist-alerts.md): GET /api/watchlist, newest
 * first, WATCHLIST_PAGE_SIZE at a time; POST /api/watchlist to watch an item or change its alert
 * price; DELETE /api/watchlist/{id}. Each answer is written into the cached list at once, so every
 * star and the Watchlist screen agree before the list is read again. Offline, the list is the copy
 * kept on this device (offline/useOfflineCopy.ts). Price alerts (live `watch` events) re-read it.
 */
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { noContent } from '../../../shared/answers/z';
import { watchlistPageAnswer, watchSavedAnswer } from '../../../shared/answers/watchlist';
import { WATCHLIST_PAGE_SIZE } from '../../../shared/constants';
import type { Watch, WatchlistPage, WatchRequestBody } from '../../../shared/schemas/watchlist';
import { apiFetch } from '../api/client';
import { useOfflineCopy } from '../offline/useOfflineCopy';
import { USER_SCOPED } from '../queryClient';
import { watchlistKeys } from './keys';
import { itemsOf, pagePath, type PagedList, type PageParam } from './pagedLists';
import { useCurrentUser } from './user';

export type { Watch } from '../../../shared/schemas/watchlist';

/** The user's watches, page by page; only fetched while someone is signed in. */
export function useWatchlistQuery() {
  const { data: user } = useCurrentUser();
  const query = useInfiniteQuery({
    queryKey: watchlistKeys.mine(),
    queryFn: ({ pageParam, signal }) => apiFetch(pagePath('/api/watchlist', WATCHLIST_PAGE_SIZE, pageParam), watchlistPageAnswer, { signal }),
    initialPageParam: null as PageParam,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    enabled: Boolean(user),
    meta: USER_SCOPED,
  });
  return useOfflineCopy(query, 'watchlist');
}

/** The loaded watches by market hash name, for the stars (empty while signed out or loading). */
export function useWatchedItems(): Map<string, Watch> {
  const { data } = useWatchlistQuery();
  return useMemo(() => new Map((itemsOf(data) ?? []).map((watch) => [watch.marketHashName, watch])), [data]);
}

/** The cached list with `change` applied to its rows (the first page gets new ones). */
function editList(data: PagedList<WatchlistPage> | undefined, change: (items: Watch[], first: boolean) => Watch[]): PagedList<WatchlistPage> | undefined {
  return data && { ...data, pages: data.pages.map((page, index) => ({ ...page, items: change(page.items, index === 0) })) };
}

/** Watches an item, or changes the alert price of a watched one. */
export function useWatchMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: watchlistKeys.save(),
    mutationFn: (body: WatchRequestBody) => apiFetch('/api/watchlist', watchSavedAnswer, { method: 'POST', body }),
    onSuccess: ({ watch }) => {
      queryClient.setQueryData<PagedList<WatchlistPage>>(watchlistKeys.mine(), (data) =>
        editList(data, (items, first) => {
          const rest = items.filter((item) => item.id !== watch.id);
          return first && rest.length === items.length ? [watch, ...rest] : items.map((item) => (item.id === watch.id ? watch : item));
        }),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: watchlistKeys.mine() }),
  });
}

/** Stops watching an item (by the watch's id). */
export function useUnwatchMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: watchlistKeys.remove(),
    mutationFn: (id: string) => apiFetch(`/api/watchlist/${encodeURIComponent(id)}`, noContent, { method: 'DELETE' }),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<PagedList<WatchlistPage>>(watchlistKeys.mine(), (data) => editList(data, (items) => items.filter((item) => item.id !== id)));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: watchlistKeys.mine() }),
  });
}
