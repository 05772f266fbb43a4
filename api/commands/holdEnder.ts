/**
 * A listing's trade protection is over (the hold-end job at `hold_end_time`, or the sweep). First,
 * outside any transaction, the bot is asked whether the seller reversed the deposit trade (trade
 * history) — a reversal cancels the listing instead — and whether it holds the item tradable (not
 * yet: nothing changes, the job retries). Then one transaction with the listing locked:
 * - unsold `holding` → `active` (On Sale);
 * - sold (`holding`, or `active` bought after its hold) → `payment_pending`, and delivery starts:
 *   the order item goes `sending` and the bot sends the item to the buyer's trade URL;
 * - seller-cancelled → the return offer is created and sent.
 * Running it again, or in two workers at once, finds the listing already moved on and does nothing.
 */
import { type DataSource, type EntityManager } from 'typeorm';
import { STEAM_CONTEXT_ID } from '../../shared/constants';
import { type Actor, audit } from '../audit/auditLog';
import { type AppServices } from '../context';
import { inTransaction } from '../db/transaction';
import { Listing, TradeOffer } from '../entities';
import { recordEvent } from '../events/domainEvents';
import { lockSaleOf, startDelivery } from '../market/deliveries';
import { returnDue, startReturn } from '../market/returns';
import { findReversedTrades } from '../market/reversals';
import { reversalApplier } from './reversalApplier';
import { tradeOfferDispatcher } from './tradeOfferDispatcher';

const ACTOR: Actor = 'system:hold-end';

export type HoldEndOutcome =
  | 'not_found'
  | 'not_due'
  | 'nothing_to_do'
  | 'reversed'
  | 'not_tradable'
  | 'activated'
  | 'delivery_started'
  | 'return_started';

type Action = 'activate' | 'deliver' | 'return';

interface Props {
  listingId: string;
  services: Pick<AppServices, 'dataSource' | 'bot' | 'logger' | 'config'> & Partial<Pick<AppServices, 'jobs'>>;
  now?: Date;
}

async function dueAction(listing: Listing, db: DataSource | EntityManager, now: Date): Promise<Action | 'not_due' | null> {
  if (listing.status === 'holding') {
    if (listing.holdEndTime > now) return 'not_due';
    return listing.soldAt ? 'deliver' : 'activate';
  }
  if (listing.status === 'active') return listing.soldAt ? 'deliver' : null;
  if (listing.status === 'cancelled' && listing.cancelReason === 'seller') {
    if (listing.holdEndTime > now) return 'not_due';
    const lastReturn = listing.returnOfferId ? await db.getRepository(TradeOffer).findOneBy({ id: listing.returnOfferId }) : null;
    return returnDue(listing, lastReturn, now) ? 'return' : null;
  }
  return null;
}

export async function holdEnder({ listingId, services, now = new Date() }: Props): Promise<HoldEndOutcome> {
  const { dataSource, bot } = services;
  const listing = await dataSource.getRepository(Listing).findOneBy({ id: listingId });
  if (!listing) return 'not_found';
  const action = await dueAction(listing, dataSource, now);
  if (action === 'not_due') return 'not_due';
  if (action === null) return 'nothing_to_do';

  // The deposit must not have been reversed while protected (an item the bot no longer has).
  if (listing.status !== 'active' && listing.tradeOfferId) {
    const deposit = await dataSource.getRepository(TradeOffer).findOneBy({ id: listing.tradeOfferId });
    if (deposit?.steamTradeId && (await findReversedTrades(bot, listing.holdStartTime)).has(deposit.steamTradeId)) {
      await reversalApplier({ listingId, tradeId: deposit.steamTradeId, services });
      return 'reversed';
    }
  }
  if (!listing.botAssetid || !(await bot.isTradable(listing.botAssetid))) {
    // Checked now: the sweep takes the least recently checked first, so such listings never starve others.
    await dataSource.getRepository(Listing).update({ id: listingId }, { updatedAt: new Date() });
    return 'not_tradable';
  }

  const { outcome, offer } = await inTransaction(dataSource, async (manager) => {
    const repository = manager.getRepository(Listing);
    const current = await repository.findOneOrFail({ where: { id: listingId }, lock: { mode: 'pessimistic_write' } });
    const currentAction = await dueAction(current, manager, now);
    if (currentAction === 'not_due' || currentAction === null) return { outcome: 'nothing_to_do' as const, offer: null };
    current.botContextid = STEAM_CONTEXT_ID;

    if (currentAction === 'activate') {
      current.status = 'active';
      await repository.save(current);
      await audit(manager, { actor: ACTOR, action: 'listing.activated', subjectType: 'listing', subjectId: current.id });
      await recordEvent(manager, { userId: current.sellerId, type: 'listing', payload: { listingId: current.id, status: 'active' } });
      return { outcome: 'activated' as const, offer: null };
    }

    if (currentAction === 'deliver') {
      const sale = await lockSaleOf(manager, current.id);
      if (!sale || sale.item.status !== 'awaiting_hold') {
        services.logger.error({ listingId }, 'a sold listing has no sale awaiting its hold end');
        return { outcome: 'nothing_to_do' as const, offer: null };
      }
      current.status = 'payment_pending';
      await repository.save(current);
      const delivery = await startDelivery(manager, { listing: current, ...sale, actor: ACTOR });
      await audit(manager, { actor: ACTOR, action: 'listing.payment_pending', subjectType: 'listing', subjectId: current.id, details: { orderId: sale.order.id } });
      await recordEvent(manager, { userId: current.sellerId, type: 'listing', payload: { listingId: current.id, status: 'payment_pending' } });
      return { outcome: 'delivery_started' as const, offer: delivery };
    }

    await repository.save(current);
    const giveBack = await startReturn(manager, { listing: current, actor: ACTOR });
    if (!giveBack) {
      services.logger.warn({ listingId }, 'a cancelled listing cannot be returned: its seller has no trade URL');
      return { outcome: 'nothing_to_do' as const, offer: null };
    }
    return { outcome: 'return_started' as const, offer: giveBack };
  });

  // Sent after commit; an offer the bot cannot send now is retried by the sweep.
  if (offer) await tradeOfferDispatcher({ offerId: offer.id, services });
  return outcome;
}
