/**
 * An accepted deposit becomes one `holding` listing per item (inside the synchronizer's
 * transaction): on the market at once, through Steam's trade protection until `hold_end_time`.
 */
import { type EntityManager } from 'typeorm';
import { type Condition, type Rarity } from '../../shared/constants';
import { feeCents } from '../../shared/money';
import { Listing, type TradeOffer } from '../entities';
import { type BotOffer } from '../steam/tradeBot';

export async function createDepositListings(
  manager: EntityManager,
  p: { offer: TradeOffer; botOffer: BotOffer; acceptedAt: Date; tradeHoldMs: number },
): Promise<Listing[]> {
  const { offer, botOffer, acceptedAt, tradeHoldMs } = p;
  // Steam's own protection end when the bot reports it (live), else our configured hold.
  const holdEndTime = new Date(botOffer.tradableAt ?? acceptedAt.getTime() + tradeHoldMs);
  const repository = manager.getRepository(Listing);
  const listings = offer.items.map((item) => {
    const received = botOffer.received.find((entry) => entry.assetid === item.assetid);
    // Without the item's new id the bot could never deliver or return it: fail, the poller retries.
    if (!received) throw new Error(`accepted offer ${offer.id} does not report the new id of asset ${item.assetid}`);
    const priceCents = BigInt(item.priceCents!);
    return repository.create({
      sellerId: offer.userId,
      tradeOfferId: offer.id,
      sellerAssetid: item.assetid,
      botAssetid: received.newAssetid,
      botContextid: received.newContextid,
      name: item.name,
      marketHashName: item.marketHashName,
      imageUrl: item.imageUrl,
      weaponType: item.weaponType,
      rarity: item.rarity as Rarity,
      condition: item.condition as Condition | null,
      float: item.float,
      paintSeed: item.paintSeed,
      statTrak: item.statTrak,
      souvenir: item.souvenir,
      inspectLink: item.inspectLink,
      priceCents,
      feeCents: feeCents(priceCents),
      status: 'holding',
      cancelReason: null,
      soldAt: null,
      holdStartTime: acceptedAt,
      holdEndTime,
    });
  });
  return repository.save(listings);
}
