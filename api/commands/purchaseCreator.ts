/**
 * A buyer buys listings with their balance (DESIGN.md section 3, "Buy"), all or nothing, in one
 * transaction:
 * 0. a frozen account cannot buy: 403 `account_frozen` (users/frozenAccounts.ts; the buyer's row is
 *    read FOR SHARE, so a freeze waits for a purchase under way and no purchase starts after it);
 *    a buyer restricted for failed deliveries they caused cannot buy: 403 (market/buyerStanding.ts;
 *    that Steam can deliver to their trade URL is checked before this transaction, by the route);
 *    nor can one whose account owes after a chargeback: 403 `account_in_debt` (wallet/withdrawable.ts);
 * 1. the buyer needs a saved trade URL (where the items will be delivered): 400 otherwise;
 * 2. the listings are locked FOR UPDATE in id order (two carts sharing listings never deadlock);
 *    any that is sold, not `holding`/`active`, or unknown makes it a 409 naming them, and so does
 *    the buyer's own listing;
 * 3. the balance must cover the total: 402 (checked for the message; the ledger's CHECK on the
 *    balance is the real guard, and its refusal maps to the same 402);
 * 4. the order (with the trade URL as it is now) and its items (`awaiting_hold`) are created, the
 *    listings marked sold, and the total moves from the buyer's balance into the order's own
 *    escrow account; audit row and events (order and balance for the buyer, listing for each seller).
 *
 * Nothing here touches a row another purchase of other listings by another buyer needs: the
 * listings are the order's own, the ledger account is the buyer's, the escrow account is the
 * order's, and the rest are inserts. Delivery after the hold and the seller's payout are the
 * hold-end job's (commands/holdEnder.ts).
 */
import { type DataSource, type EntityManager, In } from 'typeorm';
import { formatMoney, formatUsd } from '../../shared/money';
import { audit } from '../audit/auditLog';
import { joinOrBegin } from '../db/transaction';
import { Listing, Order, OrderItem, User } from '../entities';
import { badRequest, conflict, HttpError } from '../errors';
import { recordEvent } from '../events/domainEvents';
import { availableBalance, InsufficientFundsError, owedBy } from '../ledger/ledger';
import { purchaseToEscrow } from '../ledger/postings';
import { assertPurchasesAllowed } from '../market/buyerStanding';
import { refuseIfFrozen } from '../users/frozenAccounts';
import { accountInDebt } from '../wallet/withdrawable';

export const TRADE_URL_REQUIRED = 'Please save your Steam trade URL in your profile before buying';
export const NOT_ENOUGH_BALANCE = 'Not enough balance - top up your balance to purchase';
export const NO_LONGER_AVAILABLE = 'No longer available';

const notEnoughBalance = () => new HttpError(402, 'insufficient_balance', NOT_ENOUGH_BALANCE);

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

/** "AK-47 | Redline and 2 more": names for a message, short enough to read. */
function namesOf(listings: Array<Pick<Listing, 'name'> | undefined>): string {
  const names = listings.map((listing) => listing?.name ?? 'an unknown item');
  return names.length <= 3 ? names.join(', ') : `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`;
}

const isAvailable = (listing: Listing) => listing.soldAt === null && (listing.status === 'holding' || listing.status === 'active');

export async function purchaseCreator({ buyerId, listingIds, dataSource, manager }: Props): Promise<PurchaseOutcome> {
  try {
    return await joinOrBegin(dataSource, manager, async (tx) => {
      const buyer = await tx.getRepository(User).findOneOrFail({ where: { id: buyerId }, lock: { mode: 'pessimistic_read' } });
      refuseIfFrozen(buyer);
      await assertPurchasesAllowed(tx, buyerId);
      const owed = await owedBy(tx, buyerId);
      if (owed > 0n) throw accountInDebt(owed);
      if (!buyer.tradeUrl) throw badRequest(TRADE_URL_REQUIRED, { tradeUrl: TRADE_URL_REQUIRED }, 'trade_url_required');

      const locked = await tx
        .getRepository(Listing)
        .find({ where: { id: In(listingIds) }, order: { id: 'ASC' }, lock: { mode: 'pessimistic_write' } });
      const byId = new Map(locked.map((listing) => [listing.id, listing]));
      const unavailable = listingIds.filter((id) => !byId.has(id) || !isAvailable(byId.get(id)!));
      if (unavailable.length > 0) {
        const gone = unavailable.map((id) => byId.get(id));
        throw conflict(
          `${namesOf(gone)} ${unavailable.length === 1 ? 'is' : 'are'} no longer available; nothing was bought`,
          'listings_unavailable',
          Object.fromEntries(unavailable.map((id) => [id, NO_LONGER_AVAILABLE])),
        );
      }
      const own = locked.filter((listing) => listing.sellerId === buyerId);
      if (own.length > 0) {
        throw conflict(
          `You cannot buy your own listing: ${namesOf(own)}`,
          'own_listing',
          Object.fromEntries(own.map((listing) => [listing.id, 'This is your own listing'])),
        );
      }

      const totalCents = locked.reduce((sum, listing) => sum + listing.priceCents, 0n);
      if ((await availableBalance(tx, buyerId)) < totalCents) throw notEnoughBalance();

      const order = await tx.getRepository(Order).save(tx.getRepository(Order).create({ buyerId, totalCents, tradeUrl: buyer.tradeUrl }));
      const items = await tx.getRepository(OrderItem).save(
        locked.map((listing) => tx.getRepository(OrderItem).create({ orderId: order.id, listingId: listing.id, priceCents: listing.priceCents })),
      );
      const soldAt = new Date();
      await tx.getRepository(Listing).update({ id: In(locked.map((listing) => listing.id)) }, { soldAt });
      for (const listing of locked) listing.soldAt = soldAt;

      await purchaseToEscrow(tx, {
        buyerId,
        cents: totalCents,
        orderId: order.id,
        description: locked.length === 1 ? `Purchase of ${locked[0]!.name}` : `Purchase of ${locked.length} items`,
      });
      const balanceCents = await availableBalance(tx, buyerId);

      await audit(tx, {
        actor: `user:${buyerId}`,
        action: 'order.created',
        subjectType: 'order',
        subjectId: order.id,
        details: { listingIds: locked.map((listing) => listing.id), totalCents: totalCents.toString() },
      });
      await recordEvent(tx, { userId: buyerId, type: 'order', payload: { orderId: order.id, status: 'created', total: formatMoney(totalCents) } });
      await recordEvent(tx, { userId: buyerId, type: 'balance', payload: { balance: formatMoney(balanceCents), orderId: order.id } });
      for (const listing of locked) {
        await recordEvent(tx, {
          userId: listing.sellerId,
          type: 'listing',
          payload: { listingId: listing.id, status: listing.status, sold: true, message: `${listing.name} sold for ${formatUsd(listing.priceCents)}` },
        });
      }
      return { order, items, listings: byId, balanceCents };
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError) throw notEnoughBalance();
    throw error;
  }
}
