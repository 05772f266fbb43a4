/**
 * The console's Market (shared/schemas/staff.ts): listings needing attention, each with what is
 * wrong in plain words and the actions open to it, and the Featured listings.
 */
import { formatCountdown } from '../../shared/format';
import { formatMoney, formatUsd } from '../../shared/money';
import { type StaffAttentionListing, type StaffFeaturedListing } from '../../shared/schemas/staff';
import { type Listing } from '../entities';
import { MAX_DELIVERY_ATTEMPTS } from '../market/deliveries';
import { type AttentionListing } from '../staff/marketAttention';
import { shownName } from './staffUsers';

const ago = (at: Date, now: Date) => `${formatCountdown(now.getTime() - at.getTime())} ago`;

function detailOf({ reason, listing, sale, lastSendFailedAt, nextTryAt }: AttentionListing, now: Date): string {
  const refunded = listing.soldAt ? '; its buyer got the price back' : '';
  switch (reason) {
    case 'failing_delivery': {
      const attempts = sale!.deliveryAttempts;
      const failed = `Delivery attempt ${attempts} of ${MAX_DELIVERY_ATTEMPTS} could not be sent (the bot was unreachable or refused) ${ago(lastSendFailedAt!, now)}`;
      if (!nextTryAt) return `${failed}; the next sweep refunds the buyer ${formatUsd(sale!.priceCents)} and puts the listing back on sale.`;
      const next = nextTryAt > now ? `in ${formatCountdown(nextTryAt.getTime() - now.getTime())}` : 'at the next sweep';
      return `${failed}; it is tried again automatically ${next}. After ${MAX_DELIVERY_ATTEMPTS} failed sends the buyer is refunded.`;
    }
    case 'overdue_hold': {
      const waiting = `Hold ended ${ago(listing.holdEndTime, now)} and the listing has not moved on: the bot does not hold the item tradable, or could not be reached.`;
      const money = sale ? ` The buyer's ${formatUsd(sale.priceCents)} waits in escrow.` : ' It is not sold.';
      return `${waiting}${money} If the item is gone from the bot's Steam inventory, cancel it as lost.`;
    }
    case 'reversed':
      return `The seller reversed the deposit trade: cancelled ${ago(listing.updatedAt, now)}${refunded}; the seller was not paid.`;
    case 'item_lost':
      return `Cancelled as lost ${ago(listing.updatedAt, now)}: the bot no longer had the item${refunded}; the seller was not paid.`;
  }
}

function actionsOf({ reason, sale, nextTryAt }: AttentionListing): StaffAttentionListing['actions'] {
  // lostListingCanceller leaves a delivery under way to its own outcome.
  if (reason === 'overdue_hold') return !sale || sale.status === 'awaiting_hold' ? ['cancel_lost'] : [];
  // After the last attempt a retry would only refund: the sweep does that.
  if (reason === 'failing_delivery') return nextTryAt ? ['retry_delivery'] : [];
  return [];
}

export function presentAttentionListing(entry: AttentionListing, now = new Date()): StaffAttentionListing {
  const { listing, seller, sale } = entry;
  return {
    id: listing.id,
    name: listing.name,
    price: formatMoney(listing.priceCents),
    status: listing.status,
    sold: listing.soldAt !== null,
    reason: entry.reason,
    detail: detailOf(entry, now),
    seller: { id: seller.id, steamId: seller.steamId, displayName: shownName(seller) },
    holdEndTime: listing.holdEndTime.toISOString(),
    actions: actionsOf(entry),
    orderItemId: entry.reason === 'failing_delivery' ? sale!.orderItemId : null,
  };
}

export function presentFeaturedListing(listing: Listing): StaffFeaturedListing {
  return {
    id: listing.id,
    name: listing.name,
    price: formatMoney(listing.priceCents),
    status: listing.status,
    featured: listing.featured,
    available: listing.soldAt === null && (listing.status === 'holding' || listing.status === 'active'),
  };
}
