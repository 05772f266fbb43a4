/**
 * POST /api/listings/:id/cancel: the seller takes an unsold listing off the market (`holding` or
 * `active` only; 409 otherwise; another user's listing is 404). The item goes back by a return
 * offer as soon as the bot may trade it: now for an `active` listing, at hold end for a `holding`
 * one (the hold-end job sends it).
 */
import { audit } from '../audit/auditLog';
import { type AppServices } from '../context';
import { inTransaction } from '../db/transaction';
import { Listing, type TradeOffer } from '../entities';
import { conflict, notFound } from '../errors';
import { recordEvent } from '../events/domainEvents';
import { startReturn } from '../market/returns';
import { tradeOfferDispatcher } from './tradeOfferDispatcher';

interface Props {
  userId: string;
  listingId: string;
  services: Pick<AppServices, 'dataSource' | 'bot' | 'logger' | 'config'> & Partial<Pick<AppServices, 'jobs'>>;
}

export async function listingCanceller({ userId, listingId, services }: Props): Promise<Listing> {
  const { listing, returnOffer } = await inTransaction(services.dataSource, async (manager) => {
    const repository = manager.getRepository(Listing);
    const found = await repository.findOne({ where: { id: listingId, sellerId: userId }, lock: { mode: 'pessimistic_write' } });
    if (!found) throw notFound('Listing not found');
    if (found.soldAt !== null) throw conflict('This listing has been sold and can no longer be cancelled', 'listing_sold');
    if (found.status !== 'holding' && found.status !== 'active') throw conflict('This listing can no longer be cancelled', 'listing_not_cancellable');
    const wasActive = found.status === 'active';
    found.status = 'cancelled';
    found.cancelReason = 'seller';
    await repository.save(found);
    let offer: TradeOffer | null = null;
    if (wasActive) offer = await startReturn(manager, { listing: found, actor: `user:${userId}` });
    await audit(manager, { actor: `user:${userId}`, action: 'listing.cancelled', subjectType: 'listing', subjectId: found.id, details: { reason: 'seller', wasActive } });
    await recordEvent(manager, { userId, type: 'listing', payload: { listingId: found.id, status: 'cancelled', cancelReason: 'seller' } });
    return { listing: found, returnOffer: offer };
  });
  // A return the bot cannot send now is sent again by the sweep.
  if (returnOffer) await tradeOfferDispatcher({ offerId: returnOffer.id, services });
  return listing;
}
