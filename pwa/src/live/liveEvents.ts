/**
 * Applying the server's live events (GET /api/events; their payloads are shared/answers/events.ts)
 * to the query cache: what an event carries is written into the cache at once, and the affected
 * queries are re-read for the rest. Writing the cache also updates the offline copies
 * (keepOfflineCopies).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '../../../shared/answers/events';
import type { ListingsPage } from '../../../shared/answers/market';
import { formatUsd, parseMoney } from '../../../shared/money';
import { toaster } from '../components/toaster';
import { buyOrderKeys, listingKeys, orderKeys, tradeOfferKeys, walletKeys, userKeys, watchlistKeys } from '../queries/keys';
import { mapPagedItems, type PagedList } from '../queries/pagedLists';
import type { User } from '../queries/user';

/** Applies one event (its SSE name and parsed `data`, checked against the shared schema). */
export function applyLiveEvent(queryClient: QueryClient, event: LiveEvent): void {
  switch (event.type) {
    case 'listing': {
      const { listingId, status, sold, cancelReason } = event.payload;
      queryClient.setQueryData<PagedList<ListingsPage>>(listingKeys.mine(), (pages) =>
        mapPagedItems(pages, (listing) =>
          listing.id === listingId ? { ...listing, status, sold: sold === true ? true : listing.sold, cancelReason: cancelReason ?? listing.cancelReason } : listing,
        ),
      );
      void queryClient.invalidateQueries({ queryKey: listingKeys.mine() });
      return;
    }
    case 'balance': {
      const { balance } = event.payload;
      if (balance !== undefined) {
        queryClient.setQueryData<User | null>(userKeys.current(), (user) => (user ? { ...user, balance } : user));
      } else {
        void queryClient.invalidateQueries({ queryKey: userKeys.current() });
      }
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
      return;
    }
    case 'trade-offer':
      void queryClient.invalidateQueries({ queryKey: tradeOfferKeys.status(event.payload.offerId) });
      return;
    case 'order':
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      return;
    case 'buy-order':
      // The user's bids and the books they are in (the event does not name the item).
      void queryClient.invalidateQueries({ queryKey: buyOrderKeys.all });
      return;
    case 'watch': {
      // A price alert: told at once, and the watchlist's cheapest listings read again.
      const { name, price } = event.payload;
      toaster.create({ title: 'Price Alert', description: `${name} is on sale for ${formatUsd(parseMoney(price) ?? 0n)}`, type: 'info' });
      void queryClient.invalidateQueries({ queryKey: watchlistKeys.all });
      return;
    }
  }
}
