/**
 * Listings still waiting well after their trade protection ended: `holding`, or sold and not yet
 * delivering. The hold-end command leaves a listing so while the bot does not hold its item
 * tradable (Steam still protecting it, an item gone without a reversal the trade history shows) or
 * cannot be reached, and retries on every sweep; nothing else moves it, and a buyer's money waits in
 * escrow meanwhile. Such a listing needs an operator, so /metrics counts them (docs/decisions.md,
 * Selling) for an alert to watch.
 */
import { Brackets, type DataSource } from 'typeorm';
import { Listing } from '../entities';

/** How long after its hold end a waiting listing counts as overdue: sweeps run every few seconds. */
export const OVERDUE_AFTER_MS = 60 * 60 * 1000;

export interface OverdueHolds {
  /** Unsold listings still `holding`. */
  unsold: number;
  /** Sold ones whose delivery has not started: the buyer's payment is in escrow. */
  sold: number;
}

export async function countOverdueHolds(dataSource: DataSource, now = new Date()): Promise<OverdueHolds> {
  const rows = await dataSource
    .getRepository(Listing)
    .createQueryBuilder('listing')
    .select('listing.soldAt IS NOT NULL', 'sold')
    .addSelect('count(*)::int', 'count')
    .where('listing.holdEndTime < :cutoff', { cutoff: new Date(now.getTime() - OVERDUE_AFTER_MS) })
    .andWhere(
      new Brackets((waiting) => {
        waiting.where("listing.status = 'holding'").orWhere("listing.status = 'active' AND listing.soldAt IS NOT NULL");
      }),
    )
    .groupBy('sold')
    .getRawMany<{ sold: boolean; count: number }>();
  return {
    unsold: rows.find((row) => !row.sold)?.count ?? 0,
    sold: rows.find((row) => row.sold)?.count ?? 0,
  };
}
