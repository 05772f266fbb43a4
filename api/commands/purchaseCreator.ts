/**
 * A buyer buys listings with their balance (docs/adr/0036-purchases.md), all or nothing, in one
 * transaction. What reads alone can refuse was checked before it opened (market/purchasePreflight.ts,
 * the route's: a buyer restricted for failed deliveries they caused, listings already gone, Steam's
 * word on the trade URL); here, under locks:
 * 0. a frozen account cannot buy: 403 `account_frozen` (users/frozenAccounts.ts; the buyer's row is
 *    read FOR SHARE, so a freeze waits for a purchase under way and no purchase starts after it);
 *    nor can one whose account owes after a chargeback: 403 `account_in_debt` (wallet/withdrawable.ts);
 * 1. the buyer needs a saved trade URL (where the items will be delivered): 400 otherwise;
 * 2. the listings are locked FOR UPDATE in id order (two carts sharing listings never deadlock),
 *    after the buyer's row; any that is sold, not `holding`/`active`, or unknown makes it a 409
 *    naming them, and so does the buyer's own listing;
 * 3. the balance must cover the total: 402 (checked for the message; the ledger's CHECK on the
 *    balance is the real guard, and its refusal maps to the same 402);
 * 4. the order (with the trade URL as it is now) and its items (`awaiting_hold`) are created, the
 *    listings marked sold, each sale recorded for the price history (a refund deletes it again:
 *    market/deliveries.ts), and the total moves from the buyer's balance into the order's own
 *    escrow account; audit row and events (order and balance for the buyer, listing for each seller).
 *
 * Round trips are the cost under load, so each step is one statement whatever the cart's size:
 * the locks and everything 0-3 decide on; the order, its items, the sale and the audit row; the
 * ledger's posting (ledger.ts `post`, two); the events.
 *
 * Nothing here touches a row another purchase of other listings by another buyer needs: the
 * listings are the order's own, the ledger account is the buyer's, the escrow account is the
 * order's, and the rest are inserts. Delivery after the hold and the seller's payout are the
 * hold-end job's (commands/holdEnder.ts).
 */
import { type DataSource, type EntityManager } from 'typeorm';
import { formatMoney } from '../../shared/money';
import { joinOrBegin } from '../db/transaction';
import { columnsOf, entityOf } from '../db/rawEntities';
import { Listing, type Order, type OrderItem } from '../entities';
import { badRequest, conflict, HttpError } from '../errors';
import { recordEvents } from '../events/domainEvents';
import { InsufficientFundsError } from '../ledger/ledger';
import { purchaseToEscrow } from '../ledger/postings';
import { soldListingEvent, writeOrder } from '../market/orderWrites';
import { namesOf, unavailableListings } from '../market/purchasePreflight';
import { refuseIfFrozen } from '../users/frozenAccounts';
import { accountInDebt } from '../wallet/withdrawable';

export const TRADE_URL_REQUIRED = 'Please save your Steam trade URL in your profile before buying';
export const NOT_ENOUGH_BALANCE = 'Not enough balance - top up your balance to purchase';

export const notEnoughBalance = () => new HttpError(402, 'insufficient_balance', NOT_ENOUGH_BALANCE);

interface Props {
  buyerId: string;
  listingIds: string[];
  dataSource: DataSource;
  /** The request's idempotency transaction, when there is one. */
  manager?: EntityManager;
}

export interface PurchaseOutcome {
  order: Order;
  items: OrderItem[];
  listings: Map<string, Listing>;
  balanceCents: bigint;
}

/**
 * The buyer's row FOR SHARE, then (unless the buyer is frozen) the listings FOR UPDATE in id order:
 * the lateral join makes the listings wait for the buyer's row. With the buyer's balance and debt,
 * as this statement sees them. One row per listing found, or one row without a listing.
 */
const lockSql = (dataSource: DataSource) => `
  SELECT buyer.trade_url AS buyer_trade_url, buyer.frozen_at AS buyer_frozen_at,
    (SELECT balance::text FROM ledger_accounts WHERE kind = 'user_available' AND user_id = buyer.id) AS available,
    (SELECT (-balance)::text FROM ledger_accounts WHERE kind = 'user_debt' AND user_id = buyer.id) AS owed,
    ${columnsOf(dataSource, Listing, 'l')}
  FROM (SELECT id, trade_url, frozen_at FROM users WHERE id = $1 FOR SHARE) AS buyer
  LEFT JOIN LATERAL (
    SELECT * FROM listings WHERE id = ANY($2::uuid[]) AND buyer.frozen_at IS NULL ORDER BY id FOR UPDATE
  ) AS l ON true`;

interface LockRow {
  buyer_trade_url: string;
  buyer_frozen_at: Date | null;
  available: string | null;
  owed: string | null;
  [column: string]: unknown;
}

export async function purchaseCreator({ buyerId, listingIds, dataSource, manager }: Props): Promise<PurchaseOutcome> {
  try {
    return await joinOrBegin(dataSource, manager, async (tx) => {
      const db = tx.connection;
      const rows = (await tx.query(lockSql(db), [buyerId, listingIds])) as LockRow[];
      const buyer = rows[0];
      if (!buyer) throw new Error(`purchase by unknown buyer ${buyerId}`);
      refuseIfFrozen({ frozenAt: buyer.buyer_frozen_at });
      const owed = BigInt(buyer.owed ?? '0');
      if (owed > 0n) throw accountInDebt(owed);
      if (!buyer.buyer_trade_url) throw badRequest(TRADE_URL_REQUIRED, { tradeUrl: TRADE_URL_REQUIRED }, 'trade_url_required');

      const locked = rows.map((row) => entityOf(db, Listing, row, 'l')).filter((listing) => listing !== null);
      const byId = new Map(locked.map((listing) => [listing.id, listing]));
      const unavailable = unavailableListings(listingIds, byId);
      if (unavailable) throw unavailable;
      const own = locked.filter((listing) => listing.sellerId === buyerId);
      if (own.length > 0) {
        throw conflict(
          `You cannot buy your own listing: ${namesOf(own)}`,
          'own_listing',
          Object.fromEntries(own.map((listing) => [listing.id, 'This is your own listing'])),
        );
      }

      const totalCents = locked.reduce((sum, listing) => sum + listing.priceCents, 0n);
      if (BigInt(buyer.available ?? '0') < totalCents) throw notEnoughBalance();

      const { order, items } = await writeOrder(tx, {
        buyerId,
        tradeUrl: buyer.buyer_trade_url,
        listings: locked,
        actor: `user:${buyerId}`,
        details: { listingIds: locked.map((listing) => listing.id), totalCents: totalCents.toString() },
      });

      const { balanceCents } = await purchaseToEscrow(tx, {
        buyerId,
        cents: totalCents,
        orderId: order.id,
        description: locked.length === 1 ? `Purchase of ${locked[0]!.name}` : `Purchase of ${locked.length} items`,
      });

      await recordEvents(tx, [
        { userId: buyerId, type: 'order', payload: { orderId: order.id, status: 'created', total: formatMoney(totalCents) } },
        { userId: buyerId, type: 'balance', payload: { balance: formatMoney(balanceCents), orderId: order.id } },
        ...locked.map(soldListingEvent),
      ]);
      return { order, items, listings: byId, balanceCents };
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError) throw notEnoughBalance();
    throw error;
  }
}
