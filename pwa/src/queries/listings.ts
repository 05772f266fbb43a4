/**
 * The signed-in seller's listings (DESIGN.md section 3): GET /api/listings (newest first), refetched
 * every LISTINGS_POLL_MS (spec section 9: 30 s) so holds ending, sales and payouts show up without a
 * reload, and POST /api/listings/{id}/cancel for an unsold listing still in `holding` or `active`
 * (409 with the server's message otherwise). Cancelling needs no Idempotency-Key: a repeat finds
 * the listing already cancelled and is refused, nothing happens twice. A 401 is the query
 * client's business (queryClient.ts): the user becomes signed out.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LISTINGS_POLL_MS } from '../../../shared/constants';
import type { Listing } from '../../../shared/schemas/market';
import { apiFetch } from '../api/client';
import { USER_SCOPED } from '../queryClient';
import { useCurrentUser } from './user';
import { useOfflineCopy } from '../offline/useOfflineCopy';
import { listingKeys } from './keys';

export type { Listing } from '../../../shared/schemas/market';

/** The seller's listings, newest first; only fetched while someone is signed in. */
export function useListingsQuery() {
  const { data: user } = useCurrentUser();
  // Offline, the copy kept on this device: its hold countdowns still tick (offline/useOfflineCopy.ts).
  const query = useQuery({
    queryKey: listingKeys.mine(),
    queryFn: ({ signal }) => apiFetch<Listing[]>('/api/listings', { signal }),
    enabled: Boolean(user),
    refetchInterval: LISTINGS_POLL_MS,
    meta: USER_SCOPED,
  });
  return useOfflineCopy(query, 'listings');
}

/**
 * Cancels one of the seller's listings (by id). The answer, the listing now `cancelled`, replaces
 * the cached one at once; the list is refetched either way, since a refusal (409: sold meanwhile,
 * already cancelled) means the card on screen is out of date.
 */
export function useCancelListingMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: listingKeys.cancel(),
    mutationFn: (id: string) => apiFetch<Listing>(`/api/listings/${encodeURIComponent(id)}/cancel`, { method: 'POST' }),
    onSuccess: (cancelled) => {
      queryClient.setQueryData<Listing[]>(listingKeys.mine(), (listings) =>
        listings?.map((listing) => (listing.id === cancelled.id ? cancelled : listing)),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: listingKeys.mine() }),
  });
}
