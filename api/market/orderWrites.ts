/**
 * The write every sale shares, a purchase (commands/purchaseCreator.ts) or a buy order's fill
 * (market/buyOrderFills.ts): the order with its items (`awaiting_hold`), the listings marked sold,
 * each sale recorded for the price history (entities/Sale.ts; a refund deletes it again:
 * market/deliveries.ts) and the audit row, in one statement; and what the seller is told.
 */
import { type EntityManager } from 'typeorm';
import { formatUsd } from '../../shared/money';
import { type Actor } from '../audit/auditLog';
import { columnsOf, entityOf } from '../db/rawEntities';
import { type Listing, Order, OrderItem } from '../entities';
import { type DomainEvent } from '../events/domainEvents';

/**
 * The order, its items (in the order of `$4`), the listings sold, each item's sale and the audit
 * row (the table of audit/auditLog.ts): one row per item, with its order.
 */
const writeSql = (manager: EntityManager) => `
  WITH new_order AS (
    INSERT INTO orders (buyer_id, total_cents, trade_url) VALUES ($1, $2, $3) RETURNING *
  ), items AS (
    INSERT INTO order_items (order_id, listing_id, price_cents, buy_order_id)
    SELECT new_order.id, bought.listing_id, bought.price_cents, $9::uuid
    FROM new_order CROSS JOIN unnest($4::uuid[], $5::bigint[]) WITH ORDINALITY AS bought(listing_id, price_cents, n)
    ORDER BY bought.n
    RETURNING *
  ), sold AS (
    UPDATE listings SET sold_at = $6, updated_at = now() WHERE id = ANY($4::uuid[])
  ), recorded AS (
    INSERT INTO sales (order_item_id, market_hash_name, exterior, float, price_cents, sold_at)
    SELECT items.id, l.market_hash_name, l.condition, l.float, items.price_cents, $6
    FROM items JOIN listings AS l ON l.id = items.listing_id
  ), audited AS (
    INSERT INTO audit_log (actor, action, subject_type, subject_id, details)
    SELECT $7, 'order.created', 'order', new_order.id::text, $8::jsonb FROM new_order
  )
  SELECT ${columnsOf(manager.connection, Order, 'o')}, ${columnsOf(manager.connection, OrderItem, 'i')}
  FROM new_order AS o CROSS JOIN items AS i JOIN unnest($4::uuid[]) WITH ORDINALITY AS bought(listing_id, n) ON bought.listing_id = i.listing_id
  ORDER BY bought.n`;

/**
 * Sells the (locked) listings to the buyer at their prices: the order with `tradeUrl` as it is now,
 * its items in the listings' order, each linked to `buyOrderId` when a bid bought them; sets each
 * listing's `soldAt`.
 */
export async function writeOrder(
  manager: EntityManager,
  p: { buyerId: string; tradeUrl: string; listings: Listing[]; actor: Actor; details: Record<string, unknown>; buyOrderId?: string },
): Promise<{ order: Order; items: OrderItem[] }> {
  const totalCents = p.listings.reduce((sum, listing) => sum + listing.priceCents, 0n);
  const soldAt = new Date();
  const written = (await manager.query(writeSql(manager), [
    p.buyerId,
    totalCents.toString(),
    p.tradeUrl,
    p.listings.map((listing) => listing.id),
    p.listings.map((listing) => listing.priceCents.toString()),
    soldAt,
    p.actor,
    JSON.stringify(p.details),
    p.buyOrderId ?? null,
  ])) as Array<Record<string, unknown>>;
  for (const listing of p.listings) listing.soldAt = soldAt;
  return {
    order: entityOf(manager.connection, Order, written[0]!, 'o')!,
    items: written.map((row) => entityOf(manager.connection, OrderItem, row, 'i')!),
  };
}

/** The seller's `listing` event for a sold listing: "AK-47 | Redline sold for $12.34". */
export function soldListingEvent(listing: Listing): DomainEvent {
  return {
    userId: listing.sellerId,
    type: 'listing',
    payload: { listingId: listing.id, status: listing.status, sold: true, message: `${listing.name} sold for ${formatUsd(listing.priceCents)}` },
  };
}
