/** GET /api/listings: the caller's listings, newest first. */
import { type DataSource } from 'typeorm';
import { Listing } from '../entities';

/** A seller's page holds at most this many (the newest); the screen shows them all at once. */
export const MAX_SELLER_LISTINGS = 1000;

export async function listingsOfSeller(dataSource: DataSource, sellerId: string): Promise<Listing[]> {
  return dataSource.getRepository(Listing).find({
    where: { sellerId },
    order: { createdAt: 'DESC', id: 'DESC' },
    take: MAX_SELLER_LISTINGS,
  });
}
