/**
 * Test helpers for buy orders: bids placed through the product's command (commands/buyOrderPlacer.ts)
 * for a name made known by a sale, and deposits accepted through the offer synchronizer
 * (commands/tradeOfferSynchronizer.ts) as the bot's answer arrives, so their listings meet the
 * bids exactly where a real deposit's do. The deposit's trade offer row is recorded as the
 * dispatcher leaves a sent one; the items never reach the simulated bot, so they stay in Steam's
 * protection for a week (tests that deliver sell through test/selling.ts instead).
 */
import { randomInt, randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { TRADE_OFFER_STATES } from '../../shared/schemas/market';
import { buyOrderPlacer } from '../commands/buyOrderPlacer';
import { tradeOfferSynchronizer } from '../commands/tradeOfferSynchronizer';
import { type AppServices } from '../context';
import { type BuyOrder, Listing, TradeOffer, type User } from '../entities';
import { buildSales, buildUser, uniqueToken } from './factories';
import { tradeUrlOf } from './selling';

/** A market hash name of its own, known to the market through one old sale (a bid needs a known name). */
export async function knownItemName(db: DataSource): Promise<string> {
  const marketHashName = `AK-47 | Redline ${uniqueToken()} (Field-Tested)`;
  await buildSales(db, marketHashName, [{ priceCents: 1_000n, soldAt: new Date(Date.now() - 86_400_000) }]);
  return marketHashName;
}

export interface BidFields {
  bidder?: User;
  priceCents: bigint;
  quantity?: number;
  maxFloat?: number | null;
}

/** A bid placed by the command, by a new bidder funded with exactly its total unless one is given. */
export async function placeBid(db: DataSource, marketHashName: string, fields: BidFields): Promise<{ buyOrder: BuyOrder; bidder: User }> {
  const quantity = fields.quantity ?? 1;
  const bidder = fields.bidder ?? (await buildUser(db, { balanceCents: fields.priceCents * BigInt(quantity) }));
  const { buyOrder } = await buyOrderPlacer({
    userId: bidder.id,
    request: { marketHashName, price: fields.priceCents, quantity, maxFloat: fields.maxFloat ?? null },
    dataSource: db,
  });
  return { buyOrder, bidder };
}

export interface DepositItem {
  marketHashName: string;
  priceCents: bigint;
  /** Default 0.2. */
  float?: number | null;
}

/**
 * A deposit of `items` by `seller` (a new user unless given), sent and then accepted by the bot:
 * the synchronizer creates its listings (and fills what bids it can) in its transaction. Answers
 * the listings in the items' order, as they are after it.
 */
export async function acceptDeposit(
  services: Pick<AppServices, 'dataSource' | 'config' | 'logger'>,
  p: { seller?: User; items: DepositItem[] },
): Promise<Listing[]> {
  const db = services.dataSource;
  const seller = p.seller ?? (await buildUser(db));
  const steamOfferId = `test-${randomUUID()}`;
  const items = p.items.map((item) => ({
    assetid: `${randomInt(10 ** 12)}`,
    contextid: '2',
    priceCents: item.priceCents.toString(),
    name: item.marketHashName.replace(/ \([^)]*\)$/, ''),
    marketHashName: item.marketHashName,
    imageUrl: '/dev/steam/economy/image/test',
    weaponType: 'Rifle',
    rarity: 'classified',
    condition: 'Field-Tested',
    float: item.float === undefined ? 0.2 : item.float,
    paintSeed: 1,
    statTrak: false,
    souvenir: false,
    inspectLink: null,
  }));
  await db.getRepository(TradeOffer).save(
    db.getRepository(TradeOffer).create({
      userId: seller.id,
      kind: 'deposit',
      tradeUrl: tradeUrlOf(seller.steamId),
      steamOfferId,
      steamState: TRADE_OFFER_STATES.Active,
      status: 'open',
      items,
    }),
  );
  const { listings } = await tradeOfferSynchronizer({
    botOffer: {
      id: steamOfferId,
      state: TRADE_OFFER_STATES.Accepted,
      tradeId: `${randomInt(10 ** 9)}`,
      received: items.map((item) => ({ assetid: item.assetid, newAssetid: `${randomInt(10 ** 12)}`, newContextid: '16' })),
      // Steam's protection for a week: no sweep of any test file ends the hold of items the bot never held.
      tradableAt: Date.now() + 7 * 86_400_000,
    },
    services,
  });
  const rows = await db.getRepository(Listing).findBy(listings.map((listing) => ({ id: listing.id })));
  return listings.map((listing) => rows.find((row) => row.id === listing.id)!);
}
