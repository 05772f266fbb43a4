/**
 * A bought item's delivery, as steps inside a command's transaction (the caller holds the locks:
 * listing first, then order item): start (the bot's delivery offer is created), complete (the buyer
 * accepted: the seller is paid) and fail (the buyer is refunded in full from the order's escrow, the
 * sale leaves the price history, and why it failed is recorded for the buyer's standing).
 */
import { type EntityManager, IsNull } from 'typeorm';
import { formatMoney, formatUsd } from '../../shared/money';
import { TRADE_OFFER_STATES } from '../../shared/schemas/market';
import { type Actor, audit } from '../audit/auditLog';
import { Listing, Order, OrderItem, Sale, type TradeOffer } from '../entities';
import { recordEvent } from '../events/domainEvents';
import { payoutWithFee, refundFromEscrow } from '../ledger/postings';
import { type DeliveryFailureReason, recordDeliveryFailure } from './buyerStanding';
import { insertOffer, offerItemOfListing } from './offers';
import { alertWatchers } from './watchAlerts';

/** Delivery sends are tried this many times before the buyer is refunded. */
export const MAX_DELIVERY_ATTEMPTS = 3;

/** Why a delivery offer that Steam ended without a trade failed, from its ETradeOfferState. */
export function failureReasonOfState(state: number | null): DeliveryFailureReason {
  switch (state) {
    case TRADE_OFFER_STATES.Declined:
    case TRADE_OFFER_STATES.Countered:
      return 'declined';
    case TRADE_OFFER_STATES.Expired:
      return 'expired';
    case TRADE_OFFER_STATES.Canceled:
    case TRADE_OFFER_STATES.CanceledBySecondFactor:
      return 'cancelled';
    case TRADE_OFFER_STATES.InvalidItems:
      return 'invalid_items';
    default:
      return 'other';
  }
}

/** The unrefunded sale of a listing, locked (a listing is sold at most once unless refunded). */
export async function lockSaleOf(manager: EntityManager, listingId: string): Promise<{ item: OrderItem; order: Order } | null> {
  const item = await manager.getRepository(OrderItem).findOne({ where: { listingId, refundedAt: IsNull() }, lock: { mode: 'pessimistic_write' } });
  if (!item) return null;
  return { item, order: await manager.getRepository(Order).findOneByOrFail({ id: item.orderId }) };
}

/** Creates the next delivery offer (attempt n) for a sold item whose hold is over. */
export async function startDelivery(
  manager: EntityManager,
  p: { listing: Listing; item: OrderItem; order: Order; actor: Actor },
): Promise<TradeOffer> {
  const { listing, item, order, actor } = p;
  const offer = await insertOffer(manager, { userId: order.buyerId, kind: 'delivery', tradeUrl: order.tradeUrl, items: [offerItemOfListing(listing)] });
  item.status = 'sending';
  item.deliveryOfferId = offer.id;
  item.deliveryAttempts += 1;
  await manager.getRepository(OrderItem).save(item);
  await audit(manager, {
    actor,
    action: 'order_item.delivery_started',
    subjectType: 'order_item',
    subjectId: item.id,
    details: { listingId: listing.id, offerId: offer.id, attempt: item.deliveryAttempts },
  });
  await recordEvent(manager, { userId: order.buyerId, type: 'order', payload: { orderId: order.id, listingId: listing.id, status: 'sending' } });
  return offer;
}

/** The buyer accepted the delivery: delivered, listing completed, seller paid price − fee (once). */
export async function completeDelivery(manager: EntityManager, p: { offer: TradeOffer; actor: Actor }): Promise<void> {
  const { offer, actor } = p;
  const listingId = offer.items[0]?.listingId;
  if (!listingId) throw new Error(`delivery offer ${offer.id} names no listing`);
  const listing = await manager.getRepository(Listing).findOneOrFail({ where: { id: listingId }, lock: { mode: 'pessimistic_write' } });
  const sale = await lockSaleOf(manager, listingId);
  // Only the item's current delivery counts; anything else was settled already.
  if (!sale || sale.item.deliveryOfferId !== offer.id || sale.item.status !== 'sending') return;
  const { item, order } = sale;
  item.status = 'delivered';
  await manager.getRepository(OrderItem).save(item);
  listing.status = 'completed';
  await manager.getRepository(Listing).save(listing);
  await payoutWithFee(manager, {
    sellerId: listing.sellerId,
    priceCents: item.priceCents,
    listingId: listing.id,
    orderId: order.id,
    description: `Sold ${listing.name} for ${formatUsd(item.priceCents)} (less ${formatUsd(listing.feeCents)} platform fee)`,
  });
  await audit(manager, {
    actor,
    action: 'listing.completed',
    subjectType: 'listing',
    subjectId: listing.id,
    details: { orderId: order.id, orderItemId: item.id, priceCents: item.priceCents.toString(), feeCents: listing.feeCents.toString() },
  });
  await recordEvent(manager, { userId: order.buyerId, type: 'order', payload: { orderId: order.id, listingId: listing.id, status: 'delivered' } });
  await recordEvent(manager, { userId: listing.sellerId, type: 'listing', payload: { listingId: listing.id, status: 'completed' } });
  await recordEvent(manager, {
    userId: listing.sellerId,
    type: 'balance',
    payload: { reason: 'sale_payout', listingId: listing.id, name: listing.name, amount: formatMoney(item.priceCents - listing.feeCents) },
  });
}

/**
 * The sale cannot be delivered (declined, expired, sending failed too often) or must not be (the
 * seller reversed the deposit): the item fails, why is recorded, and the buyer gets the full price
 * back from escrow. `relist` puts the listing back on sale (hold over, item still in the bot); a
 * reversal cancels it instead, which the caller does.
 */
export async function failDelivery(
  manager: EntityManager,
  p: { listing: Listing; item: OrderItem; order: Order; reason: DeliveryFailureReason; relist: boolean; actor: Actor },
): Promise<void> {
  const { listing, item, order, reason, relist, actor } = p;
  item.status = 'failed';
  item.refundedAt = new Date();
  await manager.getRepository(OrderItem).save(item);
  // A refunded sale did not happen: it leaves the price history (entities/Sale.ts).
  await manager.getRepository(Sale).delete({ orderItemId: item.id });
  await recordDeliveryFailure(manager, { orderItemId: item.id, buyerId: order.buyerId, reason, at: item.refundedAt });
  await refundFromEscrow(manager, {
    buyerId: order.buyerId,
    cents: item.priceCents,
    orderId: order.id,
    reference: `order-item:${item.id}`,
    description:
      reason === 'trade_reversed'
        ? `Refund: the seller reversed the trade for ${listing.name}`
        : reason === 'item_lost'
          ? `Refund: ${listing.name} is no longer available to deliver`
          : `Refund: ${listing.name} could not be delivered`,
  });
  if (relist) {
    listing.status = 'active';
    listing.soldAt = null;
    await manager.getRepository(Listing).save(listing);
    await recordEvent(manager, { userId: listing.sellerId, type: 'listing', payload: { listingId: listing.id, status: 'active' } });
    // Back on sale: its watchers hear of it, unless it already alerted them (watchAlerts.ts).
    await alertWatchers(manager, [listing]);
  }
  await audit(manager, {
    actor,
    action: 'order_item.refunded',
    subjectType: 'order_item',
    subjectId: item.id,
    details: { listingId: listing.id, orderId: order.id, reason, priceCents: item.priceCents.toString(), relisted: relist },
  });
  await recordEvent(manager, { userId: order.buyerId, type: 'order', payload: { orderId: order.id, listingId: listing.id, status: 'failed', refunded: true } });
  await recordEvent(manager, { userId: order.buyerId, type: 'balance', payload: { reason: 'refund', listingId: listing.id, amount: formatMoney(item.priceCents) } });
}
