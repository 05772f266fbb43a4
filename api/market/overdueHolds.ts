/**
 * Listings still waiting well after their trade protection ended: `holding`, or sold and not yet
 * delivering. The hold-end command leaves a listing so while the bot does not hold its item
 * tradable (Steam still protecting it, an item gone without a reversal the trade history shows) or
 * cannot be reached, and retries on every sweep; nothing else moves it, and a buyer's money waits in
 * escrow meanwhile. Such a listing needs an operator, so /metrics counts them
 * (docs/adr/0026-overdue-holds-need-an-operator.md) for an alert to watch.
 */
import { Brackets, type DataSource } from 'typeorm';
import { Listing } from '../entities';

/** How long after its hold end a waiting listing counts as overdue: sweeps run every few seconds. */
export const OVERDUE_AFTER_MS = 60 * 60 * 1000;

/** Whether the listing still waits more than OVERDUE_AFTER_MS after its hold ended. */
export function isOverdue(listing: Pick<Listing, 'status' | 'soldAt' | 'holdEndTime'>, now = new Date()): boolean {
  const waiting = listing.status === 'holding' || (listing.status === 'active' && listing.soldAt !== null);
  return waiting && listing.holdEndTime.getTime() < now.getTime() - OVERDUE_AFTER_MS;
}

export interface OverdueHolds {
  /** Unsold listings still `holding`. */
  unsold: number;
  /** Sold ones whose delivery has not started: the buyer's payment is in escrow. */
  sold: number;
}

/** The same condition as `isOverdue`, as a query. */
function overdueListings(dataSource: DataSource, now: Date) {
  return dataSource
    .getRepository(Listing)
    .createQueryBuilder('listing')
    .where('listing.holdEndTime < :cutoff', { cutoff: new Date(now.getTime() - OVERDUE_AFTER_MS) })
    .andWhere(
      new Brackets((waiting) => {
        waiting.where("listing.status = 'holding'").orWhere("listing.status = 'active' AND listing.soldAt IS NOT NULL");
      }),
    );
}

/** The oldest overdue listings first (for the ops `overdue-holds` list). */
export function listOverdueHolds(dataSource: DataSource, limit: number, now = new Date()): Promise<Listing[]> {
  return overdueListings(dataSource, now).orderBy('listing.holdEndTime', 'ASC').take(limit).getMany();
}

export async function countOverdueHolds(dataSource: DataSource, now = new Date()): Promise<OverdueHolds> {
  const rows = await overdueListings(dataSource, now)
    .select('listing.soldAt IS NOT NULL', 'sold')
    .addSelect('count(*)::int', 'count')
    .groupBy('sold')
    .getRawMany<{ sold: boolean; count: number }>();
  return {
    unsold: rows.find((row) => !row.sold)?.count ?? 0,
    sold: rows.find((row) => row.sold)?.count ?? 0,
  };
}
