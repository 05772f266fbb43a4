/** A listing as its seller sees it (GET /api/listings, POST /api/listings/:id/cancel), and a page of them. */
import { formatMoney } from '../../shared/money';
import { type Listing as ListingJson, type ListingsPage, type ListingsSummary } from '../../shared/schemas/market';
import { type Listing } from '../entities';
import { type SellerListingsPage, type SellerTotals } from '../market/sellerListings';

export function presentListing(listing: Listing): ListingJson {
  return {
    id: listing.id,
    name: listing.name,
    condition: listing.condition,
    rarity: listing.rarity,
    imageUrl: listing.imageUrl,
    statTrak: listing.statTrak,
    souvenir: listing.souvenir,
    float: listing.float,
    paintSeed: listing.paintSeed,
    sellPrice: formatMoney(listing.priceCents),
    platformFee: formatMoney(listing.feeCents),
    finalAmount: formatMoney(listing.priceCents - listing.feeCents),
    status: listing.status,
    sold: listing.soldAt !== null,
    holdStartTime: listing.holdStartTime.toISOString(),
    holdEndTime: listing.holdEndTime.toISOString(),
    createdAt: listing.createdAt.toISOString(),
    cancelReason: listing.cancelReason,
  };
}

/** The My Listings summary over all of a seller's listings. */
function presentListingsSummary(totals: SellerTotals): ListingsSummary {
  return { onSale: totals.onSale, awaitingPayout: formatMoney(totals.awaitingPayoutCents), earned: formatMoney(totals.earnedCents) };
}

/** A page of GET /api/listings. */
export function presentListingsPage(page: SellerListingsPage): ListingsPage {
  return { items: page.items.map(presentListing), nextCursor: page.nextCursor, summary: page.totals && presentListingsSummary(page.totals) };
}
