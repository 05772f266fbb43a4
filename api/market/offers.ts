/**
 * Creating trade offer rows inside a command's transaction. A new offer is `sending`: the command
 * commits it, then tradeOfferDispatcher asks the bot to send it.
 */
import { type EntityManager } from 'typeorm';
import { STEAM_CONTEXT_ID } from '../../shared/constants';
import { type Listing, TradeOffer } from '../entities';
import { type TradeOfferItem, type TradeOfferKind } from '../entities/TradeOffer';

export async function insertOffer(
  manager: EntityManager,
  p: { userId: string; kind: TradeOfferKind; tradeUrl: string; items: TradeOfferItem[] },
): Promise<TradeOffer> {
  const offer = manager.getRepository(TradeOffer).create({ ...p, status: 'sending', history: [], steamOfferId: null, steamState: null });
  return manager.getRepository(TradeOffer).save(offer);
}

/** The item a return or delivery offer gives: the listing's item, now in the bot's tradable context. */
export function offerItemOfListing(listing: Listing): TradeOfferItem {
  if (!listing.botAssetid) throw new Error(`listing ${listing.id} has no asset in the bot's inventory`);
  return {
    assetid: listing.botAssetid,
    contextid: STEAM_CONTEXT_ID,
    listingId: listing.id,
    name: listing.name,
    marketHashName: listing.marketHashName,
    imageUrl: listing.imageUrl,
    weaponType: listing.weaponType,
    rarity: listing.rarity,
    condition: listing.condition,
    float: listing.float,
    paintSeed: listing.paintSeed,
    statTrak: listing.statTrak,
    souvenir: listing.souvenir,
    inspectLink: listing.inspectLink,
  };
}
