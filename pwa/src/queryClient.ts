/**
 * The single TanStack Query client. Defaults (docs/adr/0043-pwa-data-rules.md):
 * no retries, no refetch on window focus, no polling, data never stale. Screens that need
 * freshness opt in per query (inventory stale time, listings poll, trade-status poll).
 *
 * It also holds the one rule for a 401 (null means signed out): the current-user call yields null
 * (`apiFetchOrNull`), and a 401 from any other query or mutation means the session ended since the
 * user was loaded. Then the cached user becomes null, so every screen shows its signed-out state,
 * and every query marked `meta: USER_SCOPED` is dropped, so no one's private data stays in memory.
 * Query modules therefore never handle 401 themselves; they mark their user's queries with
 * USER_SCOPED and gate them on `enabled: Boolean(user)`.
 */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isUnauthorized } from './api/client';
import { userKeys } from './queries/keys';

/** What a query's `meta` may say; `userScoped` marks data of the signed-in user. */
type AppQueryMeta = { userScoped?: boolean } & Record<string, unknown>;

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppQueryMeta;
  }
}

/** `meta` of every query that reads the signed-in user's own data (cleared when they are signed out). */
export const USER_SCOPED = { userScoped: true } as const satisfies AppQueryMeta;

/** The visitor is signed out from now on: no user, and none of the previous user's data. */
export function markSignedOut(client: QueryClient): void {
  client.setQueryData(userKeys.current(), null);
  client.removeQueries({ predicate: (query) => query.meta?.userScoped === true });
}

/** A client with the app's defaults and 401 rule; tests make their own. */
export function createQueryClient(): QueryClient {
  const handleError = (error: Error) => {
    if (isUnauthorized(error)) markSignedOut(client);
  };
  const client = new QueryClient({
    queryCache: new QueryCache({ onError: handleError }),
    mutationCache: new MutationCache({ onError: handleError }),
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
      },
      mutations: {
        retry: false,
        // Offline, a mutation runs and fails on the network (or goes into the outbox: offline/queueing.ts)
        // instead of pausing with its button spinning until the network returns.
        networkMode: 'always',
      },
    },
  });
  return client;
}

export const queryClient = createQueryClient();
