/**
 * The staff console's TanStack Query client (its own: the console is a page apart from the
 * customer app). Queue-like data changes under other staff's hands, so a query is fresh for a few
 * seconds only and read again when the window regains focus; nothing is retried on its own.
 *
 * A 401 from any request means the staff session ended (its 8 h, its 30 idle minutes, or a sign-out
 * in another tab): everything loaded is dropped and the person becomes "signed out", which shows
 * the sign-in screen (StaffApp.tsx). The queries therefore never handle 401 themselves.
 */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isUnauthorized } from '../api/client';
import { staffMeKey } from './queries/me';

const FRESH_FOR_MS = 10_000;

/** The session is gone: nothing of what it loaded stays in memory. */
function markStaffSignedOut(client: QueryClient): void {
  client.removeQueries({ predicate: (query) => query.queryKey[1] !== staffMeKey[1] });
  client.setQueryData(staffMeKey, null);
}

export function createStaffQueryClient(): QueryClient {
  const handleError = (error: Error) => {
    if (isUnauthorized(error)) markStaffSignedOut(client);
  };
  const client = new QueryClient({
    queryCache: new QueryCache({ onError: handleError }),
    mutationCache: new MutationCache({ onError: handleError }),
    defaultOptions: {
      queries: { retry: false, staleTime: FRESH_FOR_MS, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
  return client;
}
