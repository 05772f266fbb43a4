/**
 * The words of a listing's push notification, decided by what just happened to it (the event's
 * `status`/`sold`, else the listing as it is now). A new listing is not worth a notification: the
 * seller is looking at the screen that made it.
 */
import { formatUsd } from '../../shared/money';
import { type PushMessage } from '../../shared/schemas/push';
import { type Listing } from '../entities';

export function listingNotification(listing: Listing, event: { status?: unknown; sold?: unknown }): PushMessage | null {
  const status = typeof event.status === 'string' ? event.status : listing.status;
  const sold = event.sold === true || (status === 'holding' && listing.soldAt !== null && event.status === undefined);
  const name = listing.name;
  const price = formatUsd(listing.priceCents);
  const receives = formatUsd(listing.priceCents - listing.feeCents);
  const base = { url: '/listings', listing: { id: listing.id, status, holdEndTime: listing.holdEndTime.toISOString() } };
  switch (status) {
    case 'holding':
      return sold ? { ...base, title: 'Item Sold', body: `${name} sold for ${price}; you are paid once the trade protection hold ends` } : null;
    case 'active':
      return { ...base, title: 'On Sale', body: `${name}: the trade protection hold is over and it is on sale` };
    case 'payment_pending':
      return { ...base, title: 'Item Sold', body: `${name} sold for ${price}; payment is processing` };
    case 'completed':
      return { ...base, title: 'Payment Completed', body: `${name}: ${receives} added to your balance` };
    case 'cancelled':
      if (listing.cancelReason === 'trade_reversed') return { ...base, title: 'Trade Reversed', body: `${name}: the trade was reversed on Steam, so the listing was cancelled` };
      if (listing.cancelReason === 'item_lost') return { ...base, title: 'Listing Cancelled', body: `${name}: our trade bot no longer holds the item, so the listing was cancelled` };
      return { ...base, title: 'Listing Cancelled', body: `${name}: the item is being returned to your Steam inventory` };
    default:
      return null;
  }
}
