/**
 * A seller-cancelled listing's item goes back to its seller by a `return` offer, created inside the
 * caller's transaction (listing locked) once the item is tradable: at once for an `active` listing,
 * at hold end for a `holding` one.
 */
import { type EntityManager } from 'typeorm';
import { type Actor, audit } from '../audit/auditLog';
import { Listing, TradeOffer, User } from '../entities';
import { insertOffer, offerItemOfListing } from './offers';

/** A return whose offer failed is sent again after this long: soon if it never reached Steam, else hourly. */
export const RETURN_RETRY_UNSENT_MS = 60_000;
export const RETURN_RETRY_DECLINED_MS = 60 * 60_000;

/** Whether a cancelled listing's item still has to be returned (no return yet, or the last one failed long enough ago). */
export function returnDue(listing: Listing, lastReturn: TradeOffer | null, now: Date): boolean {
  if (listing.status !== 'cancelled' || listing.cancelReason !== 'seller' || listing.holdEndTime > now) return false;
  if (!lastReturn) return true;
  if (lastReturn.status !== 'failed') return false;
  const wait = lastReturn.steamOfferId ? RETURN_RETRY_DECLINED_MS : RETURN_RETRY_UNSENT_MS;
  return lastReturn.updatedAt.getTime() + wait <= now.getTime();
}

/**
 * Creates the return offer to the seller's saved trade URL (else the one their deposit used).
 * Returns null when the seller has no trade URL at all (a demo-seeded listing): nothing to send to.
 */
export async function startReturn(manager: EntityManager, p: { listing: Listing; actor: Actor }): Promise<TradeOffer | null> {
  const { listing, actor } = p;
  const seller = await manager.getRepository(User).findOneByOrFail({ id: listing.sellerId });
  const deposit = listing.tradeOfferId ? await manager.getRepository(TradeOffer).findOneBy({ id: listing.tradeOfferId }) : null;
  const tradeUrl = seller.tradeUrl || deposit?.tradeUrl || null;
  if (!tradeUrl) return null;
  const offer = await insertOffer(manager, { userId: listing.sellerId, kind: 'return', tradeUrl, items: [offerItemOfListing(listing)] });
  listing.returnOfferId = offer.id;
  await manager.getRepository(Listing).save(listing);
  await audit(manager, { actor, action: 'listing.return_started', subjectType: 'listing', subjectId: listing.id, details: { offerId: offer.id } });
  return offer;
}
