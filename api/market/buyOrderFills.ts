/**
 * Filling buy orders with new listings (docs/adr/0077-buy-orders.md), inside the transaction that
 * creates them (commands/tradeOfferSynchronizer.ts, an accepted deposit). Each listing in turn
 * takes one unit of the best bid that wants it: the same market hash name, a price at or above
 * the listing's, a float the bid accepts, not the seller's own, from a bidder who is not frozen
 * and has a trade URL (where the item will be delivered); the highest price first, then the
 * oldest. The unit sells at the listing's price, like a purchase: the order (buyer = the bidder,
 * the trade URL as it is now) and its item linked to the bid, the listing sold, the sale recorded,
 * the listing's price from the bid's reserve into the order's escrow and what the bid held above
 * it back to the bidder. From there the item takes the purchase's path (hold end, delivery,
 * payout; a failure refunds the bidder from the escrow).
 *
 * Concurrency: the bid's row is locked and its unit counted in one statement. A bid another
 * deposit is filling is waited for and checked again after its lock (PostgreSQL re-evaluates the
 * conditions on the row as it is then); one that no longer qualifies is passed over for the next
 * the statement saw, and when none of those qualifies any more, the statement runs again (a new
 * snapshot) while any bid still seems to: a listing misses no bid and no unit is sold twice. The
 * bidder's row is read FOR SHARE, as a purchase reads the buyer's: a freeze waits for a fill under
 * way, and none happens after it.
 */
import { type EntityManager } from 'typeorm';
import { formatMoney, formatUsd } from '../../shared/money';
import { type Actor } from '../audit/auditLog';
import { columnsOf, entityOf } from '../db/rawEntities';
import { BuyOrder, type Listing } from '../entities';
import { type DomainEvent, recordEvents } from '../events/domainEvents';
import { availableBalance } from '../ledger/ledger';
import { fillFromReserve } from '../ledger/postings';
import { soldListingEvent, writeOrder } from './orderWrites';

/** The bids that could take a listing `$1` name, `$2` price, `$3` seller, `$4` float. */
const QUALIFYING = `
  FROM buy_orders b JOIN users u ON u.id = b.user_id
  WHERE b.market_hash_name = $1 AND b.status = 'open' AND b.price_cents >= $2 AND b.user_id <> $3
    AND u.frozen_at IS NULL AND u.trade_url <> '' AND (b.max_float IS NULL OR $4::float8 <= b.max_float)`;

/**
 * Locks the best bid and counts one unit of it: the bid after it and the bidder's trade URL, or
 * none; `retry` when none was taken though a bid seemed to qualify (another transaction changed
 * it while this one waited for its lock).
 */
const takeUnitSql = (manager: EntityManager) => `
  WITH best AS (
    SELECT b.id, u.trade_url ${QUALIFYING}
    ORDER BY b.price_cents DESC, b.created_at, b.id
    LIMIT 1
    FOR UPDATE OF b FOR SHARE OF u
  ), taken AS (
    UPDATE buy_orders b
    SET filled = b.filled + 1, status = CASE WHEN b.filled + 1 = b.quantity THEN 'filled' ELSE 'open' END, updated_at = now()
    FROM best WHERE b.id = best.id
    RETURNING b.*, best.trade_url AS bidder_trade_url
  )
  SELECT ${columnsOf(manager.connection, BuyOrder, 't')}, t.bidder_trade_url,
    t.id IS NULL AND EXISTS (SELECT 1 ${QUALIFYING}) AS retry
  FROM (SELECT 1) AS one LEFT JOIN taken AS t ON true`;

interface TakeRow {
  bidder_trade_url: string | null;
  retry: boolean;
  [column: string]: unknown;
}

/** Bounds the re-runs of one listing's lookup: each means another transaction filled or closed a bid meanwhile. */
const MAX_ATTEMPTS = 50;

/** The `buy-order` live event of a bid as it is now. */
export function buyOrderEvent(buyOrder: BuyOrder): DomainEvent {
  return {
    userId: buyOrder.userId,
    type: 'buy-order',
    payload: { buyOrderId: buyOrder.id, status: buyOrder.status, filled: buyOrder.filled, remaining: buyOrder.quantity - buyOrder.filled },
  };
}

/** One unit of the best bid for the listing, taken under its lock; null when no bid wants it. */
async function takeUnit(manager: EntityManager, listing: Listing): Promise<{ buyOrder: BuyOrder; tradeUrl: string } | null> {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const [row] = (await manager.query(takeUnitSql(manager), [listing.marketHashName, listing.priceCents.toString(), listing.sellerId, listing.float])) as TakeRow[];
    const buyOrder = entityOf(manager.connection, BuyOrder, row!, 't');
    if (buyOrder) return { buyOrder, tradeUrl: row!.bidder_trade_url! };
    if (!row!.retry) return null;
  }
  throw new Error(`listing ${listing.id} could not take a unit of a bid in ${MAX_ATTEMPTS} attempts`);
}

/**
 * Fills what bids it can with the new (uncommitted, so unsold) listings, in their order, in the
 * caller's transaction: answers the ids of the listings sold to a bid; the others stay on sale.
 */
export async function fillBuyOrders(manager: EntityManager, listings: Listing[], actor: Actor): Promise<Set<string>> {
  const filled = new Set<string>();
  for (const listing of listings) {
    const taken = await takeUnit(manager, listing);
    if (!taken) continue;
    const { buyOrder, tradeUrl } = taken;
    const { order } = await writeOrder(manager, {
      buyerId: buyOrder.userId,
      tradeUrl,
      listings: [listing],
      actor,
      details: { listingIds: [listing.id], totalCents: listing.priceCents.toString(), buyOrderId: buyOrder.id },
      buyOrderId: buyOrder.id,
    });
    const returned = buyOrder.priceCents - listing.priceCents;
    await fillFromReserve(manager, {
      bidderId: buyOrder.userId,
      buyOrderId: buyOrder.id,
      bidCents: buyOrder.priceCents,
      listingCents: listing.priceCents,
      orderId: order.id,
      description: `Buy order filled: ${listing.name} for ${formatUsd(listing.priceCents)}${returned > 0n ? `, ${formatUsd(returned)} under your price returned` : ''}`,
    });
    // Read after the posting: a credit repays a debt first (ledger.ts `post`).
    const balanceCents = await availableBalance(manager, buyOrder.userId);
    await recordEvents(manager, [
      { userId: buyOrder.userId, type: 'order', payload: { orderId: order.id, status: 'created', total: formatMoney(listing.priceCents), listingId: listing.id } },
      { userId: buyOrder.userId, type: 'balance', payload: { balance: formatMoney(balanceCents), orderId: order.id } },
      buyOrderEvent(buyOrder),
      soldListingEvent(listing),
    ]);
    filled.add(listing.id);
  }
  return filled;
}
