/** A listing as its seller sees it (GET /api/listings, POST /api/listings/:id/cancel). */
import { formatMoney } from '../../shared/money';
import { type Listing as ListingJson } from '../../shared/schemas/market';
import { type Listing } from '../entities';

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
