/**
 * Applies the bot's view of one trade offer (a BotOffer from steam-tradeoffer-manager's events, the
 * background poller or a status poll) to our trade_offers row, in one transaction with the row
 * locked. Idempotent: a state already recorded changes nothing. What an outcome means depends on
 * the offer's kind:
 * - deposit accepted: one `holding` listing per item, sold at once to any buy order that wants it;
 *   declined/expired/…: failed, no listing;
 * - delivery accepted: delivered, listing completed, seller paid; failed: buyer refunded, relisted;
 * - return accepted: the seller has the item back; failed: the sweep sends another return later.
 */
import { type EntityManager } from 'typeorm';
import { type Actor, audit } from '../audit/auditLog';
import { type AppServices } from '../context';
import { inTransaction } from '../db/transaction';
import { Listing, TradeOffer, User } from '../entities';
import { recordEvent } from '../events/domainEvents';
import { expireCachedInventory } from '../inventory/cache';
import { completeDelivery, failDelivery, failureReasonOfState, lockSaleOf } from '../market/deliveries';
import { fillBuyOrders } from '../market/buyOrderFills';
import { createDepositListings } from '../market/depositListings';
import { alertWatchers } from '../market/watchAlerts';
import { failureMessage, statusForState } from '../market/offerStates';
import { type BotOffer } from '../steam/tradeBot';

const ACTOR: Actor = 'system:offer-sync';

interface Props {
  botOffer: BotOffer;
  services: Pick<AppServices, 'dataSource' | 'config' | 'logger'> & Partial<Pick<AppServices, 'jobs'>>;
  now?: Date;
}

export interface SyncResult {
  /** Our offer, as it is now; null when the bot's offer is not one of ours. */
  offer: TradeOffer | null;
  changed: boolean;
  /** Listings created by an accepted deposit. */
  listings: Listing[];
}

export async function tradeOfferSynchronizer({ botOffer, services, now = new Date() }: Props): Promise<SyncResult> {
  const result = await inTransaction(services.dataSource, (manager) => apply(manager, botOffer, services, now));
  for (const listing of result.listings) {
    // The sweep catches any hold end whose job could not be scheduled.
    await services.jobs?.scheduleHoldEnd(listing.id, listing.holdEndTime).catch((error: unknown) => {
      services.logger.warn({ err: error, listingId: listing.id }, 'could not schedule a hold-end job; the sweep will catch it');
    });
  }
  return result;
}

async function apply(manager: EntityManager, botOffer: BotOffer, services: Props['services'], now: Date): Promise<SyncResult> {
  const repository = manager.getRepository(TradeOffer);
  const offer = await repository.findOne({ where: { steamOfferId: botOffer.id }, lock: { mode: 'pessimistic_write' } });
  if (!offer) return { offer: null, changed: false, listings: [] };
  const next = statusForState(botOffer.state);
  // Terminal offers stay as they are, except a deposit given up on whose items did arrive after
  // all (the bot accepted an offer we had marked failed): the seller's items must be listed.
  const revive = offer.status === 'failed' && offer.kind === 'deposit' && next === 'accepted';
  if ((offer.status === 'accepted' || offer.status === 'failed') && !revive) return { offer, changed: false, listings: [] };
  if (offer.status === next && offer.steamState === botOffer.state) return { offer, changed: false, listings: [] };

  offer.steamState = botOffer.state;
  offer.status = next;
  offer.history = [...offer.history, { state: botOffer.state, status: next, at: now.toISOString() }];
  if (next === 'accepted') {
    offer.steamTradeId = botOffer.tradeId;
    offer.message = null;
  }
  if (next === 'failed') offer.message = failureMessage(botOffer.state);
  await repository.save(offer);
  await audit(manager, {
    actor: ACTOR,
    action: `trade_offer.${next}`,
    subjectType: 'trade_offer',
    subjectId: offer.id,
    details: { kind: offer.kind, steamOfferId: botOffer.id, state: botOffer.state, tradeId: botOffer.tradeId },
  });
  await recordEvent(manager, { userId: offer.userId, type: 'trade-offer', payload: { offerId: offer.id, status: next, state: botOffer.state } });

  let listings: Listing[] = [];
  if (next === 'accepted') listings = await onAccepted(manager, offer, botOffer, services, now);
  if (next === 'failed' && offer.kind === 'delivery') await onDeliveryFailed(manager, offer);
  return { offer, changed: true, listings };
}

async function onAccepted(manager: EntityManager, offer: TradeOffer, botOffer: BotOffer, services: Props['services'], now: Date): Promise<Listing[]> {
  // Items moved: the user's next inventory read goes to Steam instead of the cached copy.
  const user = await manager.getRepository(User).findOneByOrFail({ id: offer.userId });
  await expireCachedInventory(manager, user.steamId);
  if (offer.kind === 'deposit') {
    const listings = await createDepositListings(manager, { offer, botOffer, acceptedAt: now, tradeHoldMs: services.config.tradeHoldMs });
    for (const listing of listings) {
      await audit(manager, {
        actor: ACTOR,
        action: 'listing.created',
        subjectType: 'listing',
        subjectId: listing.id,
        details: { offerId: offer.id, priceCents: listing.priceCents.toString(), holdEndTime: listing.holdEndTime.toISOString() },
      });
      await recordEvent(manager, { userId: listing.sellerId, type: 'listing', payload: { listingId: listing.id, status: 'holding' } });
    }
    // Bids waiting for these items buy them at once, in this transaction (docs/adr/0077-buy-orders.md).
    await fillBuyOrders(manager, listings, ACTOR);
    // After the fills: a listing a bid bought is not on sale, and alerts no watcher.
    await alertWatchers(manager, listings);
    return listings;
  }
  if (offer.kind === 'delivery') await completeDelivery(manager, { offer, actor: ACTOR });
  if (offer.kind === 'return') {
    const listingId = offer.items[0]?.listingId;
    if (listingId) await recordEvent(manager, { userId: offer.userId, type: 'listing', payload: { listingId, status: 'cancelled', returned: true } });
  }
  return [];
}

/**
 * Declined or expired (or any other end without a trade): the buyer is refunded, the item relisted,
 * and Steam's state says whose doing it was.
 */
async function onDeliveryFailed(manager: EntityManager, offer: TradeOffer): Promise<void> {
  const listingId = offer.items[0]?.listingId;
  if (!listingId) return;
  const listing = await manager.getRepository(Listing).findOneOrFail({ where: { id: listingId }, lock: { mode: 'pessimistic_write' } });
  const sale = await lockSaleOf(manager, listingId);
  if (!sale || sale.item.deliveryOfferId !== offer.id || sale.item.status !== 'sending') return;
  const reason = failureReasonOfState(offer.steamState);
  await failDelivery(manager, { ...sale, listing, reason, relist: listing.status === 'payment_pending', actor: ACTOR });
}
