/**
 * Applying the server's live events (GET /api/events, DESIGN.md section 8) to the query cache. The
 * payloads are small notes of what changed (`{listingId, status, …}`, `{balance, …}`, `{offerId}`,
 * `{orderId}`): what they carry is written into the cache at once, and the affected queries are
 * re-read for the rest. Writing the cache also updates the offline copies (keepOfflineCopies).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Listing, ListingsPage } from '../../../shared/schemas/market';
import { listingKeys, orderKeys, tradeOfferKeys, walletKeys, userKeys } from '../queries/keys';
import { mapPagedItems, type PagedList } from '../queries/pagedLists';
import type { User } from '../queries/user';

export const LIVE_EVENT_TYPES = ['listing', 'balance', 'trade-offer', 'order'] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

const LISTING_STATUSES = new Set(['holding', 'active', 'payment_pending', 'completed', 'cancelled']);

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** Applies one event's payload (the SSE `data`, parsed). */
export function applyLiveEvent(queryClient: QueryClient, type: LiveEventType, payload: Record<string, unknown>): void {
  switch (type) {
    case 'listing': {
      const id = text(payload.listingId);
      const status = text(payload.status);
      if (id && status && LISTING_STATUSES.has(status)) {
        queryClient.setQueryData<PagedList<ListingsPage>>(listingKeys.mine(), (pages) =>
          mapPagedItems(pages, (listing) =>
            listing.id === id
              ? {
                  ...listing,
                  status: status as Listing['status'],
                  sold: payload.sold === true ? true : listing.sold,
                  cancelReason: (text(payload.cancelReason) as Listing['cancelReason']) ?? listing.cancelReason,
                }
              : listing,
          ),
        );
      }
      void queryClient.invalidateQueries({ queryKey: listingKeys.mine() });
      return;
    }
    case 'balance': {
      const balance = text(payload.balance);
      if (balance !== undefined) {
        queryClient.setQueryData<User | null>(userKeys.current(), (user) => (user ? { ...user, balance } : user));
      } else {
        void queryClient.invalidateQueries({ queryKey: userKeys.current() });
      }
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
      return;
    }
    case 'trade-offer': {
      const offerId = text(payload.offerId);
      void queryClient.invalidateQueries({ queryKey: offerId ? tradeOfferKeys.status(offerId) : tradeOfferKeys.all });
      return;
    }
    case 'order':
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      return;
  }
}
