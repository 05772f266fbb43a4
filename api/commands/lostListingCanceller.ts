/**
 * An operator settles an overdue hold (api/market/overdueHolds.ts) after finding the item gone from
 * the bot's Steam inventory with no reversal in its trade history (`npm run ops --
 * cancel-lost-listing <id>`, or the staff console's Market): the listing is cancelled (`item_lost`), a buyer whose delivery has not
 * started gets the full price back from escrow, the seller is never paid and nothing is returned.
 * One transaction, listing then order item locked; applying it twice changes nothing.
 *
 * Only an overdue listing qualifies: the hold-end command has then found the item not tradable on
 * every sweep for an hour. A delivery already under way is left to the delivery's own outcome.
 */
import { type DataSource } from 'typeorm';
import { type Actor } from '../audit/auditLog';
import { inTransaction } from '../db/transaction';
import { Listing } from '../entities';
import { conflict, notFound } from '../errors';
import { lockSaleOf } from '../market/deliveries';
import { cancelForLostItem } from '../market/lostItems';
import { isOverdue } from '../market/overdueHolds';

interface Props {
  listingId: string;
  actor: Actor;
  /** Why (the console asks staff for one); kept in the audit row. */
  reason?: string;
  dataSource: DataSource;
  now?: Date;
}

export interface LostListingOutcome {
  listing: Listing;
  /** The buyer's refund in cents, when a sale was undone. */
  refundedCents: bigint | null;
  /** False when it had already been cancelled this way. */
  changed: boolean;
}

export async function lostListingCanceller({ listingId, actor, reason, dataSource, now = new Date() }: Props): Promise<LostListingOutcome> {
  return inTransaction(dataSource, async (manager) => {
    const repository = manager.getRepository(Listing);
    const listing = await repository.findOne({ where: { id: listingId }, lock: { mode: 'pessimistic_write' } });
    if (!listing) throw notFound(`No listing ${listingId}`);
    if (listing.status === 'cancelled' && listing.cancelReason === 'item_lost') return { listing, refundedCents: null, changed: false };
    if (!isOverdue(listing, now)) {
      throw conflict(`Listing ${listingId} is not an overdue hold (status ${listing.status}, hold end ${listing.holdEndTime.toISOString()})`, 'not_overdue');
    }

    const sale = listing.soldAt ? await lockSaleOf(manager, listing.id) : null;
    if (sale && sale.item.status !== 'awaiting_hold') {
      throw conflict(`Listing ${listingId}'s delivery is under way (${sale.item.status}); its outcome settles the sale`, 'delivery_in_progress');
    }
    const details = { botAssetid: listing.botAssetid, ...(reason ? { reason } : {}) };
    await cancelForLostItem(manager, { listing, sale, reason: 'item_lost', actor, details });
    return { listing, refundedCents: sale ? sale.item.priceCents : null, changed: true };
  });
}
