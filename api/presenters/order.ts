/** A buyer's order and its items with their delivery state (GET /api/orders), and a purchase's answer (POST /api/purchases). */
import { formatMoney } from '../../shared/money';
import { type Order as OrderJson, type OrderItem as OrderItemJson, type PurchaseResult } from '../../shared/answers/market';
import { type PurchaseOutcome } from '../commands/purchaseCreator';
import { type Listing, type Order, type OrderItem } from '../entities';

export function presentOrderItem(item: OrderItem, listing: Listing): OrderItemJson {
  return {
    listingId: listing.id,
    name: listing.name,
    imageUrl: listing.imageUrl,
    condition: listing.condition,
    rarity: listing.rarity,
    price: formatMoney(item.priceCents),
    status: item.status,
    tradableAt: listing.holdEndTime.toISOString(),
    refunded: item.refundedAt !== null,
  };
}

/** The order with its items as given; `listings` holds each item's listing by id. */
export function presentOrder(order: Order, items: OrderItem[], listings: ReadonlyMap<string, Listing>): OrderJson {
  return {
    id: order.id,
    total: formatMoney(order.totalCents),
    createdAt: order.createdAt.toISOString(),
    items: items.map((item) => presentOrderItem(item, listings.get(item.listingId)!)),
  };
}

/** A purchase that committed: its order, its items, and the buyer's balance after it. */
export function presentPurchase({ order, items, listings, balanceCents }: PurchaseOutcome): PurchaseResult {
  return {
    orderId: order.id,
    total: formatMoney(order.totalCents),
    balance: formatMoney(balanceCents),
    items: items.map((item) => presentOrderItem(item, listings.get(item.listingId)!)),
  };
}
