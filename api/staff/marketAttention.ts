/**
 * The console's Market: listings that need a person, and the Featured listings.
 *
 * Needing attention, actionable ones first:
 * - `failing_delivery`: a sold item whose delivery offer the bot could not send (market/deliveries.ts);
 *   the sweep retries it with backoff (commands/deliveryRetrier.ts) and refunds the buyer after
 *   MAX_DELIVERY_ATTEMPTS sends; staff may retry at once;
 * - `overdue_hold`: still waiting over an hour after its hold ended (market/overdueHolds.ts): the bot
 *   does not hold the item tradable or cannot be reached; if the item is gone from the bot's Steam
 *   inventory, staff cancel it as lost and its buyer is refunded (commands/lostListingCanceller.ts);
 * - `reversed` and `item_lost`: cancelled in the last RECENT_CANCELLATION_DAYS because the seller
 *   reversed the deposit trade (market/reversals.ts) or the item was lost (market/lostItems.ts). The
 *   platform settled them already (buyer refunded, seller unpaid); they are shown so that someone
 *   looks at the seller.
 */
import { type DataSource, In, IsNull } from 'typeorm';
import { type StaffAttentionListing } from '../../shared/schemas/staff';
import { retryDelayMs } from '../commands/deliveryRetrier';
import { Listing, OrderItem, User } from '../entities';
import { MAX_DELIVERY_ATTEMPTS } from '../market/deliveries';
import { AVAILABLE } from '../market/catalogue';
import { listOverdueHolds } from '../market/overdueHolds';

/** At most this many of each kind: failing deliveries and overdue holds oldest first, cancellations newest first. */
export const ATTENTION_LIMIT = 50;
export const RECENT_CANCELLATION_DAYS = 7;
/** Featured listings on sale, and the most recently changed featured ones that are not. */
export const FEATURED_LIMIT = 100;
export const FEATURED_UNAVAILABLE_LIMIT = 50;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface AttentionSale {
  orderItemId: string;
  status: OrderItem['status'];
  priceCents: bigint;
  deliveryAttempts: number;
}

export interface AttentionListing {
  reason: StaffAttentionListing['reason'];
  listing: Listing;
  seller: Pick<User, 'id' | 'steamId' | 'displayName' | 'username'>;
  /** The unrefunded sale of an overdue or failing listing. */
  sale: AttentionSale | null;
  /** Failing deliveries: when the last send failed, and when the sweep tries again (null: it refunds). */
  lastSendFailedAt: Date | null;
  nextTryAt: Date | null;
}

type Found = Omit<AttentionListing, 'seller'>;

/** Order items whose current delivery offer failed to send, as the sweep finds them (order_items_pending_idx). */
async function failingDeliveries(dataSource: DataSource): Promise<Found[]> {
  const rows = (await dataSource.query(
    `SELECT item.id, item.listing_id, item.status, item.price_cents::text AS price_cents, item.delivery_attempts, delivery.updated_at AS failed_at
     FROM order_items item
     JOIN trade_offers delivery ON delivery.id = item.delivery_offer_id
     WHERE item.status = 'sending' AND delivery.status = 'failed' AND delivery.steam_offer_id IS NULL
     ORDER BY delivery.updated_at
     LIMIT $1`,
    [ATTENTION_LIMIT],
  )) as Array<{ id: string; listing_id: string; status: OrderItem['status']; price_cents: string; delivery_attempts: number; failed_at: Date }>;
  const listings = await listingsById(dataSource, rows.map((row) => row.listing_id));
  return rows.map((row) => ({
    reason: 'failing_delivery',
    listing: listings.get(row.listing_id)!,
    sale: { orderItemId: row.id, status: row.status, priceCents: BigInt(row.price_cents), deliveryAttempts: row.delivery_attempts },
    lastSendFailedAt: row.failed_at,
    nextTryAt: row.delivery_attempts >= MAX_DELIVERY_ATTEMPTS ? null : new Date(row.failed_at.getTime() + retryDelayMs(row.delivery_attempts)),
  }));
}

async function overdueHolds(dataSource: DataSource, now: Date): Promise<Found[]> {
  const listings = await listOverdueHolds(dataSource, ATTENTION_LIMIT, now);
  const sold = listings.filter((listing) => listing.soldAt !== null).map((listing) => listing.id);
  // The unrefunded sale of each (order_items_listing_live_idx).
  const sales = sold.length ? await dataSource.getRepository(OrderItem).find({ where: { listingId: In(sold), refundedAt: IsNull() } }) : [];
  const saleOf = new Map(sales.map((item) => [item.listingId, item]));
  return listings.map((listing) => {
    const item = saleOf.get(listing.id);
    return {
      reason: 'overdue_hold',
      listing,
      sale: item ? { orderItemId: item.id, status: item.status, priceCents: item.priceCents, deliveryAttempts: item.deliveryAttempts } : null,
      lastSendFailedAt: null,
      nextTryAt: null,
    };
  });
}

/** Listings cancelled for a reversal or a lost item lately, newest first (listings_reversed_lost_idx). */
async function recentlyLost(dataSource: DataSource, now: Date): Promise<Found[]> {
  const listings = await dataSource
    .getRepository(Listing)
    .createQueryBuilder('listing')
    .where(`listing.status = 'cancelled' AND listing.cancelReason IN ('trade_reversed', 'item_lost')`)
    .andWhere('listing.updatedAt > :since', { since: new Date(now.getTime() - RECENT_CANCELLATION_DAYS * DAY_MS) })
    .orderBy('listing.updatedAt', 'DESC')
    .limit(ATTENTION_LIMIT)
    .getMany();
  return listings.map((listing) => ({
    reason: listing.cancelReason === 'trade_reversed' ? 'reversed' : 'item_lost',
    listing,
    sale: null,
    lastSendFailedAt: null,
    nextTryAt: null,
  }));
}

async function listingsById(dataSource: DataSource, ids: string[]): Promise<Map<string, Listing>> {
  const listings = ids.length ? await dataSource.getRepository(Listing).findBy({ id: In(ids) }) : [];
  return new Map(listings.map((listing) => [listing.id, listing]));
}

export async function listingsNeedingAttention(dataSource: DataSource, now = new Date()): Promise<AttentionListing[]> {
  const found = [...(await failingDeliveries(dataSource)), ...(await overdueHolds(dataSource, now)), ...(await recentlyLost(dataSource, now))];
  const sellerIds = [...new Set(found.map((entry) => entry.listing.sellerId))];
  const sellers = sellerIds.length
    ? await dataSource.getRepository(User).find({ select: { id: true, steamId: true, displayName: true, username: true }, where: { id: In(sellerIds) } })
    : [];
  const sellerOf = new Map(sellers.map((seller) => [seller.id, seller]));
  return found.map((entry) => ({ ...entry, seller: sellerOf.get(entry.listing.sellerId)! }));
}

/** Featured listings: those on sale (listings_featured_idx), then featured ones not on sale, most recently changed first. */
export async function featuredListings(dataSource: DataSource): Promise<Listing[]> {
  const featured = () => dataSource.getRepository(Listing).createQueryBuilder('listing').where('listing.featured');
  const onSale = await featured()
    .andWhere(AVAILABLE)
    .orderBy('listing.priceCents', 'DESC')
    .addOrderBy('listing.id', 'DESC')
    .limit(FEATURED_LIMIT)
    .getMany();
  // listings_featured_updated_idx.
  const notOnSale = await featured()
    .andWhere(`NOT (${AVAILABLE})`)
    .orderBy('listing.updatedAt', 'DESC')
    .limit(FEATURED_UNAVAILABLE_LIMIT)
    .getMany();
  return [...onSale, ...notOnSale];
}
