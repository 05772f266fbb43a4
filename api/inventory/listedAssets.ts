/**
 * Which of a seller's Steam asset ids are taken: in a deposit offer still being sent or open, or in
 * a live listing (holding, active, payment_pending). Such items cannot be offered again, and the
 * inventory shows them as `listed`.
 */
import { type DataSource, type EntityManager, In } from 'typeorm';
import { Listing, TradeOffer } from '../entities';

export const OPEN_OFFER_STATUSES = ['sending', 'open'] as const;
export const LIVE_LISTING_STATUSES = ['holding', 'active', 'payment_pending'] as const;

export async function listedAssetIds(db: DataSource | EntityManager, userId: string): Promise<Set<string>> {
  // One after the other: inside a transaction both run on the same connection anyway.
  const offers = await db.getRepository(TradeOffer).find({
    select: { id: true, items: true },
    where: { userId, kind: 'deposit', status: In([...OPEN_OFFER_STATUSES]) },
  });
  const listings = await db.getRepository(Listing).find({
    select: { id: true, sellerAssetid: true },
    where: { sellerId: userId, status: In([...LIVE_LISTING_STATUSES]) },
  });
  return new Set([...offers.flatMap((offer) => offer.items.map((item) => item.assetid)), ...listings.map((listing) => listing.sellerAssetid)]);
}
