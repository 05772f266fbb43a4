/**
 * Test data for the API's integration tests, built one way everywhere instead of SQL written per
 * test file: rows written by hand drift from what the product writes (a column added, a balance
 * set without its ledger entries, an order without escrow) and the tests then pass on data the
 * product could never make. So each factory goes through the product's own code where it has some:
 * - buildUser: a user row as a Steam sign-in creates it (commands/steamSignIn.ts), with a saved
 *   trade URL; money only through the ledger (fundUser: an operator's bank-wire credit,
 *   commands/manualDepositCreditor.ts), never by writing a balance;
 * - buildListing / buildListings: listings made by the demo seed's generator and insert
 *   (dev/seed/marketListings.ts), so each item really sits in the simulated bot's inventory and its
 *   names come from the catalogue;
 * - buildOrder: a real purchase (commands/purchaseCreator.ts): order, items, listings sold, the
 *   total in the order's escrow; settleOrderItem: its delivery accepted or declined, as the offer
 *   synchronizer applies the bot's answer (commands/tradeOfferSynchronizer.ts);
 * - buildEmptyOrder: an order row alone, for tests of the ledger's postings themselves;
 * - buildSales: sales of the price history as the demo's seeded past has them (no order item),
 *   for tests of the history's reads; a sale of an order comes with buildOrder.
 * Defaults make valid rows (unique steam ids and asset ids); overrides are typed. Money is bigint cents.
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { In, type DataSource } from 'typeorm';
import { TRADE_HOLD_MS, type Condition } from '../../shared/constants';
import { TRADE_OFFER_STATES } from '../../shared/schemas/market';
import { CLI_ACTOR } from '../audit/auditLog';
import { manualDepositCreditor } from '../commands/manualDepositCreditor';
import { purchaseCreator } from '../commands/purchaseCreator';
import { newDepositReference } from '../commands/steamSignIn';
import { tradeOfferSynchronizer } from '../commands/tradeOfferSynchronizer';
import { type AppServices } from '../context';
import { type SeedListing } from '../dev/seed/listingRows';
import { generateSeedListings, insertSeedListings } from '../dev/seed/marketListings';
import { SIM_BOT_PERSONA_NAME, SIM_BOT_STEAM_ID } from '../dev/steam/accounts';
import { catalogEntriesNamed, productRarityOf, steamTypeOf } from '../dev/steam/catalog';
import { createRng, generateItem, personaNameOf } from '../dev/steam/demoInventory';
import { simIconToken, steamItemName, steamMarketHashName } from '../dev/steam/steamInventoryJson';
import { Listing, Order, type OrderItem, Sale, TradeOffer, User } from '../entities';
import { lockSaleOf, startDelivery } from '../market/deliveries';
import { tradeUrlOf } from './selling';
import { uniqueSteamId } from './signIn';

// ---------------------------------------------------------------------------------------------
// Users

export type UserOverrides = Partial<
  Pick<User, 'steamId' | 'username' | 'displayName' | 'email' | 'tradeUrl' | 'avatar' | 'profileUrl' | 'frozenAt' | 'frozenReason'>
> & {
  /** Credited through the ledger by fundUser (integer cents); none by default. */
  balanceCents?: bigint;
};

/**
 * A user as their first Steam sign-in leaves them (persona name from the simulated Steam, a fresh
 * deposit reference), with a saved trade URL so they can buy. Sign them in with
 * `signIn(app, user.steamId)` when the test needs their session.
 */
export async function buildUser(db: DataSource, overrides: UserOverrides = {}): Promise<User> {
  const { balanceCents, ...fields } = overrides;
  const steamId = fields.steamId ?? uniqueSteamId();
  const users = db.getRepository(User);
  const { id } = await users.save(
    users.create({
      steamId,
      username: personaNameOf(steamId),
      displayName: '',
      email: '',
      tradeUrl: tradeUrlOf(steamId),
      avatar: '',
      profileUrl: `https://steamcommunity.com/profiles/${steamId}`,
      depositReference: newDepositReference(),
      lastLoginAt: new Date(),
      frozenAt: null,
      frozenReason: null,
      ...fields,
    }),
  );
  if (balanceCents !== undefined && balanceCents > 0n) await fundUser(db, { steamId }, balanceCents);
  return users.findOneByOrFail({ id });
}

/**
 * Credits `cents` to the user's available balance the way the product does for a bank wire an
 * operator has seen arrive: a completed deposit row, its ledger posting (which repays any debt
 * first), the audit record and the balance event. Cleared at once, so withdrawable.
 */
export async function fundUser(db: DataSource, user: Pick<User, 'steamId'>, cents: bigint): Promise<void> {
  await manualDepositCreditor({
    steamId: user.steamId,
    amountCents: cents,
    reference: `TEST-${randomUUID()}`,
    method: 'bank_wire_usa',
    actor: CLI_ACTOR,
    dataSource: db,
  });
}

// ---------------------------------------------------------------------------------------------
// Listings

/** The seed writes listings `holding` or `active`; any other status is set once they are in. */
const SEED_STATUSES = new Set<string>(['holding', 'active']);

export type ListingOverrides = Partial<
  Pick<Listing, 'name' | 'marketHashName' | 'priceCents' | 'status' | 'cancelReason' | 'soldAt' | 'featured' | 'holdStartTime' | 'holdEndTime'>
> & {
  /**
   * A catalogue skin by name ('AK-47 | Redline'): the item is generated from it, so its name,
   * market hash name, image, weapon type and rarity agree (default: the seed's random pick).
   */
  skin?: string;
  /** With `skin`: its exterior (default: one the skin exists in, at random). */
  exterior?: Condition;
  /** With `skin`: a Souvenir (the skin must exist as one: SOUVENIR_SKINS). */
  souvenir?: boolean;
  /** The item's float and paint seed instead of the generated ones (its condition stays as generated). */
  float?: number | null;
  paintSeed?: number | null;
};

/** A search token no real item name contains (letters only, so a trigram search can use it). */
export function uniqueToken(): string {
  return `zq${randomBytes(6).toString('hex').replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;
}

export interface ListingsOptions {
  count: number;
  /** Appended to every name (` ${token}`), so a test can search for exactly its own listings. */
  token?: string;
  /** Default: a new seller per call. */
  seller?: Pick<User, 'steamId'>;
  /** Per index. */
  overrides?: (index: number) => ListingOverrides;
}

/** The seed's listing for a catalogue skin instead of the one it generated. */
function withSkin(listing: SeedListing, skin: string, exterior: Condition | undefined, souvenir: boolean | undefined): SeedListing {
  const entry = catalogEntriesNamed(skin)[0];
  if (!entry) throw new Error(`no catalogue skin is named ${skin}`);
  const { assetid: _unused, ...item } = generateItem(createRng(randomInt(2 ** 31)), entry, { assetid: '0', exterior, souvenir });
  return {
    ...listing,
    item,
    name: steamItemName(entry, item),
    marketHashName: steamMarketHashName(entry, item),
    imageUrl: `/dev/steam/economy/image/${simIconToken(entry.key)}`,
    weaponType: steamTypeOf(entry),
    rarity: productRarityOf(entry),
    condition: item.exterior,
  };
}

/**
 * `count` listings from one seller, generated and inserted by the demo seed's own code (each
 * item in the simulated bot's inventory, trade-protected while holding), in the order generated
 * (overrides go by index). Not featured unless asked.
 */
export async function buildListings(db: DataSource, options: ListingsOptions): Promise<Listing[]> {
  const seller = { steamId: options.seller?.steamId ?? uniqueSteamId(), personaName: 'Test Seller' };
  const generated = generateSeedListings({ count: options.count, now: new Date(), holdMs: TRADE_HOLD_MS, sellers: [seller] });
  const overrides = generated.map((_listing, index) => options.overrides?.(index) ?? {});
  const listings = generated.map((generatedListing, index) => {
    const { skin, exterior, souvenir, float, paintSeed, name, marketHashName, priceCents, status, featured, holdStartTime, holdEndTime } = overrides[index]!;
    const listing = skin ? withSkin(generatedListing, skin, exterior, souvenir) : generatedListing;
    const changed: SeedListing = {
      ...listing,
      item: { ...listing.item, ...(float !== undefined && { float }), ...(paintSeed !== undefined && { paintSeed }) },
      featured: featured ?? false,
      ...(name !== undefined && { name }),
      ...(marketHashName !== undefined && { marketHashName }),
      // The seed's rows carry number cents; exact, as prices stop at 10,000,000 cents (a CHECK constraint).
      ...(priceCents !== undefined && { priceCents: Number(priceCents) }),
      ...(status !== undefined && SEED_STATUSES.has(status) && { status: status as SeedListing['status'] }),
      ...(holdStartTime !== undefined && { holdStartTime }),
      ...(holdEndTime !== undefined && { holdEndTime }),
    };
    // Unique per call: the seed numbers a seller's asset ids from the same start in every call.
    return {
      ...changed,
      name: options.token === undefined ? changed.name : `${changed.name} ${options.token}`,
      sellerAssetid: `${changed.sellerAssetid}${randomBytes(3).readUIntBE(0, 3)}`,
    };
  });
  await db.transaction(async (manager) => {
    await manager.query('INSERT INTO sim_steam_accounts (steam_id, persona_name) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
      SIM_BOT_STEAM_ID,
      SIM_BOT_PERSONA_NAME,
    ]);
    await insertSeedListings(manager, { botSteamId: SIM_BOT_STEAM_ID, sellers: [seller], listings, publicUrl: 'http://127.0.0.1' });
  });
  const { id: sellerId } = await db.getRepository(User).findOneByOrFail({ steamId: seller.steamId });
  const repository = db.getRepository(Listing);
  const rows = await repository.findBy({ sellerId, sellerAssetid: In(listings.map((listing) => listing.sellerAssetid)) });
  const byAsset = new Map(rows.map((row) => [row.sellerAssetid, row]));
  const built = listings.map((listing) => byAsset.get(listing.sellerAssetid)!);
  for (const [index, listing] of built.entries()) {
    const { status, cancelReason, soldAt } = overrides[index]!;
    const later: Partial<Listing> = {
      ...(status !== undefined && !SEED_STATUSES.has(status) && { status }),
      // A cancelled listing names why (a CHECK constraint): the seller, unless told otherwise.
      ...((cancelReason !== undefined || status === 'cancelled') && { cancelReason: cancelReason ?? 'seller' }),
      ...(soldAt !== undefined && { soldAt }),
    };
    if (Object.keys(later).length === 0) continue;
    await repository.update(listing.id, later);
    built[index] = await repository.findOneByOrFail({ id: listing.id });
  }
  return built;
}

/** One listing (buildListings with a count of 1): `token` and `seller` as there. */
export async function buildListing(
  db: DataSource,
  overrides: ListingOverrides & Pick<ListingsOptions, 'token' | 'seller'> = {},
): Promise<Listing> {
  const { token, seller, ...fields } = overrides;
  const [listing] = await buildListings(db, { count: 1, token, seller, overrides: () => fields });
  return listing!;
}

// ---------------------------------------------------------------------------------------------
// Orders

export interface OrderOverrides {
  /** Default: a new user with exactly the order's total credited (fundUser). A given buyer pays from what they have. */
  buyer?: User;
  /** What the order buys, all from sellers other than the buyer (default: one new listing). */
  listings?: Listing[];
}

export interface BuiltOrder {
  order: Order;
  /** In the order of `listings`, each `awaiting_hold`. */
  items: OrderItem[];
  buyer: User;
  /** As they are now: sold. */
  listings: Listing[];
}

/** A purchase through the product's own command: the order, its items, the listings sold, the total in escrow. */
export async function buildOrder(db: DataSource, overrides: OrderOverrides = {}): Promise<BuiltOrder> {
  const listings = overrides.listings ?? [await buildListing(db)];
  const totalCents = listings.reduce((sum, listing) => sum + listing.priceCents, 0n);
  const buyer = overrides.buyer ?? (await buildUser(db, { balanceCents: totalCents }));
  const { order, items } = await purchaseCreator({ buyerId: buyer.id, listingIds: listings.map((listing) => listing.id), dataSource: db });
  const sold = await db.getRepository(Listing).findBy({ id: In(listings.map((listing) => listing.id)) });
  return { order, items, buyer, listings: listings.map((listing) => sold.find((row) => row.id === listing.id)!) };
}

/**
 * An order row without items and with nothing in its escrow: only an owner for an escrow account,
 * for tests of the ledger's postings themselves (test/ledgerInvariants.ts leaves such orders out).
 * Any other test buys through buildOrder.
 */
export async function buildEmptyOrder(db: DataSource, p: { buyer: Pick<User, 'id'>; totalCents?: bigint }): Promise<Order> {
  const orders = db.getRepository(Order);
  return orders.save(orders.create({ buyerId: p.buyer.id, totalCents: p.totalCents ?? 1n, tradeUrl: '' }));
}

/**
 * Settles a bought item the way the market does, whatever its hold: its delivery offer is started
 * (market/deliveries.ts) and recorded as sent, then the bot's answer is applied by the offer
 * synchronizer: accepted (`delivered`: the listing completed, the seller paid the price less the
 * fee) or declined by the buyer (`failed`: the price refunded from escrow, the failure counted in
 * the buyer's standing, the listing not relisted).
 */
export async function settleOrderItem(
  services: Pick<AppServices, 'dataSource' | 'config' | 'logger'>,
  orderItem: Pick<OrderItem, 'id' | 'listingId'>,
  outcome: 'delivered' | 'failed',
): Promise<void> {
  const steamOfferId = `test-${randomUUID()}`;
  await services.dataSource.transaction(async (manager) => {
    const listing = await manager.getRepository(Listing).findOneOrFail({ where: { id: orderItem.listingId }, lock: { mode: 'pessimistic_write' } });
    const sale = await lockSaleOf(manager, listing.id);
    if (sale?.item.id !== orderItem.id || sale.item.status !== 'awaiting_hold') throw new Error(`order item ${orderItem.id} is not awaiting delivery`);
    const offer = await startDelivery(manager, { ...sale, listing, actor: 'system:test' });
    // As tradeOfferDispatcher records an offer the bot has sent.
    await manager.getRepository(TradeOffer).update(offer.id, { status: 'open', steamOfferId, steamState: TRADE_OFFER_STATES.Active });
  });
  const accepted = outcome === 'delivered';
  await tradeOfferSynchronizer({
    botOffer: {
      id: steamOfferId,
      state: accepted ? TRADE_OFFER_STATES.Accepted : TRADE_OFFER_STATES.Declined,
      tradeId: accepted ? `${randomInt(10 ** 9)}` : null,
      received: [],
      tradableAt: null,
    },
    services,
  });
}

// ---------------------------------------------------------------------------------------------
// Sales

export interface SaleFields {
  priceCents: bigint;
  soldAt: Date;
  /** Default: 0.25. */
  float?: number | null;
}

/** Sales of `marketHashName` without an order behind them, as the demo seed writes its past (dev/seed/salesHistory.ts). */
export async function buildSales(db: DataSource, marketHashName: string, sales: SaleFields[]): Promise<void> {
  await db.getRepository(Sale).insert(
    sales.map((sale) => ({ marketHashName, exterior: 'Field-Tested' as const, float: sale.float === undefined ? 0.25 : sale.float, priceCents: sale.priceCents, soldAt: sale.soldAt })),
  );
}
