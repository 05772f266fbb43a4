/**
 * The signed-in seller's listings (statuses: docs/adr/0024-offer-sync-and-hold-end.md): GET /api/listings, newest first, a page of
 * LISTINGS_PAGE_SIZE at a time as the seller scrolls (useInfiniteQuery; the first page also
 * carries the summary of all of them), refetched every LISTINGS_POLL_MS (30 s; the
 * pages loaded so far, each after the fresh one before it) so holds ending, sales and payouts show
 * up without a reload, and POST /api/listings/{id}/cancel for an unsold listing still in `holding`
 * or `active` (409 with the server's message otherwise). Cancelling needs no Idempotency-Key: a
 * repeat finds the listing already cancelled and is refused, nothing happens twice. A 401 is the
 * query client's business (queryClient.ts): the user becomes signed out.
 */
import { listingAnswer, listingsPageAnswer } from '../../../shared/answers/market';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { LISTINGS_PAGE_SIZE, LISTINGS_POLL_MS } from '../../../shared/constants';
import type { ListingsPage } from '../../../shared/schemas/market';
import { apiFetch } from '../api/client';
import { USER_SCOPED } from '../queryClient';
import { useCurrentUser } from './user';
import { useOfflineCopy } from '../offline/useOfflineCopy';
import { listingKeys } from './keys';
import { mapPagedItems, pagePath, type PagedList, type PageParam } from './pagedLists';

export type { Listing } from '../../../shared/schemas/market';

/** The seller's listings, newest first, page by page; only fetched while someone is signed in. */
export function useListingsQuery() {
  const { data: user } = useCurrentUser();
  // Offline, the copy kept on this device: every page loaded, and its hold countdowns still tick
  // (offline/useOfflineCopy.ts).
  const query = useInfiniteQuery({
    queryKey: listingKeys.mine(),
    queryFn: ({ pageParam, signal }) => apiFetch(pagePath('/api/listings', LISTINGS_PAGE_SIZE, pageParam), listingsPageAnswer, { signal }),
    initialPageParam: null as PageParam,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    enabled: Boolean(user),
    refetchInterval: LISTINGS_POLL_MS,
    meta: USER_SCOPED,
  });
  return useOfflineCopy(query, 'listings');
}

/**
 * Cancels one of the seller's listings (by id). The answer, the listing now `cancelled`, replaces
 * the cached one at once; the list is refetched either way, since a refusal (409: sold meanwhile,
 * already cancelled) means the card on screen is out of date, and the summary changed.
 */
export function useCancelListingMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: listingKeys.cancel(),
    mutationFn: (id: string) => apiFetch(`/api/listings/${encodeURIComponent(id)}/cancel`, listingAnswer, { method: 'POST' }),
    onSuccess: (cancelled) => {
      queryClient.setQueryData<PagedList<ListingsPage>>(listingKeys.mine(), (pages) =>
        mapPagedItems(pages, (listing) => (listing.id === cancelled.id ? cancelled : listing)),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: listingKeys.mine() }),
  });
}
