/**
 * GET /api/listings: the caller's listings, newest first, one keyset page at a time
 * (newestFirst.ts, served by listings_seller_idx), and with the first page the summary of all of
 * them, which no page alone could give: how many are on sale, what sold ones will pay out, what
 * completed ones paid. Later pages skip the summary, so page 50 costs what page 1 costs.
 */
import { type DataSource } from 'typeorm';
import { Listing } from '../entities';
import { newestFirst, type Page, type PageRequest } from '../newestFirst';

export interface SellerTotals {
  onSale: number;
  awaitingPayoutCents: bigint;
  earnedCents: bigint;
}

export interface SellerListingsPage extends Page<Listing> {
  /** On the first page only. */
  totals: SellerTotals | null;
}

/** Summed in PostgreSQL over the seller's rows (read through listings_seller_idx), in integer cents. */
async function totalsOfSeller(dataSource: DataSource, sellerId: string): Promise<SellerTotals> {
  const row = await dataSource
    .getRepository(Listing)
    .createQueryBuilder('listing')
    .select(`count(*) FILTER (WHERE listing.status IN ('holding', 'active') AND listing.sold_at IS NULL)`, 'on_sale')
    .addSelect(
      `COALESCE(sum(listing.price_cents - listing.fee_cents) FILTER (WHERE listing.status NOT IN ('completed', 'cancelled') AND listing.sold_at IS NOT NULL), 0)`,
      'awaiting_payout_cents',
    )
    .addSelect(`COALESCE(sum(listing.price_cents - listing.fee_cents) FILTER (WHERE listing.status = 'completed'), 0)`, 'earned_cents')
    .where('listing.seller_id = :sellerId', { sellerId })
    .getRawOne<{ on_sale: string; awaiting_payout_cents: string; earned_cents: string }>();
  return {
    onSale: Number(row!.on_sale),
    awaitingPayoutCents: BigInt(row!.awaiting_payout_cents),
    earnedCents: BigInt(row!.earned_cents),
  };
}

export async function listingsOfSeller(dataSource: DataSource, sellerId: string, page: PageRequest): Promise<SellerListingsPage> {
  const listings = await newestFirst(dataSource, Listing, { column: 'seller_id', id: sellerId }, page);
  return { ...listings, totals: page.cursor ? null : await totalsOfSeller(dataSource, sellerId) };
}
