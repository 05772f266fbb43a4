/** The answers of the market: the catalogue, the seller's listings, trade offers, orders. */
import { CONDITIONS, LISTING_STATUSES, RARITIES } from '../constants';
import * as z from './z';
import { isoTime, money, page } from './z';

const condition = z.nullable(z.enum(CONDITIONS));
const rarity = z.enum(RARITIES);

/** 201 answer of POST /api/trade-offers. */
export const tradeOfferCreatedAnswer = z.object({ success: z.literal(true), offerId: z.string(), message: z.string() });
export type TradeOfferCreated = z.infer<typeof tradeOfferCreatedAnswer>;

/** Steam's ETradeOfferState values by name. */
export const TRADE_OFFER_STATES = {
  Invalid: 1,
  Active: 2,
  Accepted: 3,
  Countered: 4,
  Expired: 5,
  Canceled: 6,
  Declined: 7,
  InvalidItems: 8,
  CreatedNeedsConfirmation: 9,
  CanceledBySecondFactor: 10,
  InEscrow: 11,
} as const;
const TRADE_OFFER_STATE_NAMES = [...(Object.keys(TRADE_OFFER_STATES) as Array<keyof typeof TRADE_OFFER_STATES>), 'Failed'] as const;
export type TradeOfferStateName = (typeof TRADE_OFFER_STATE_NAMES)[number];

/** GET /api/trade-offer/{offerId}/status and POST …/cancel. `state` is Steam's ETradeOfferState name. */
export const tradeOfferStatusAnswer = z.object({
  success: z.boolean(),
  isAccepted: z.boolean(),
  state: z.enum(TRADE_OFFER_STATE_NAMES),
  message: z.optional(z.string()),
});
export type TradeOfferStatus = z.infer<typeof tradeOfferStatusAnswer>;

export const CANCEL_REASONS = ['seller', 'trade_reversed', 'item_lost'] as const;

/** A listing as its seller sees it, with the item details the market shows. */
export const listingAnswer = z.object({
  id: z.string(),
  name: z.string(),
  condition,
  rarity,
  imageUrl: z.string(),
  statTrak: z.boolean(),
  souvenir: z.boolean(),
  float: z.nullable(z.number()),
  paintSeed: z.nullable(z.number()),
  sellPrice: money,
  platformFee: money,
  finalAmount: money,
  status: z.enum(LISTING_STATUSES),
  /** Whether a buyer has paid for it (a holding listing may already be sold). */
  sold: z.boolean(),
  holdStartTime: isoTime,
  holdEndTime: isoTime,
  createdAt: isoTime,
  /** Why a cancelled listing was cancelled: by the seller, the deposit trade reversed, or the item lost at the bot. */
  cancelReason: z.nullable(z.enum(CANCEL_REASONS)),
});
export type Listing = z.infer<typeof listingAnswer>;

/** Figures over all of a seller's listings, not only a page of them. */
export const listingsSummaryAnswer = z.object({
  /** Unsold listings buyers can buy now (in the hold or after it). */
  onSale: z.number(),
  /** What sold listings pay once their hold ends and the payout runs. */
  awaitingPayout: money,
  /** What completed listings paid into the balance. */
  earned: money,
});
export type ListingsSummary = z.infer<typeof listingsSummaryAnswer>;

/**
 * GET /api/listings?limit&cursor: the seller's listings, newest first. The first page (no cursor)
 * also carries the summary of all of them; later pages carry null.
 */
export const listingsPageAnswer = z.extend(page(listingAnswer), { summary: z.nullable(listingsSummaryAnswer) });
export type ListingsPage = z.infer<typeof listingsPageAnswer>;

/** An available listing as buyers see it. */
export const marketItemAnswer = z.object({
  id: z.string(),
  name: z.string(),
  /** Steam's market hash name (the name with its exterior): what the item's price history is kept under. */
  marketHashName: z.string(),
  imageUrl: z.string(),
  price: money,
  weaponType: z.string(),
  rarity,
  condition,
  float: z.nullable(z.number()),
  paintSeed: z.nullable(z.number()),
  statTrak: z.boolean(),
  souvenir: z.boolean(),
  /** When the item can leave the platform's bot (the end of the seller's trade protection). */
  tradableAt: isoTime,
  inspectLink: z.nullable(z.string()),
});
export type MarketItem = z.infer<typeof marketItemAnswer>;

/** GET /api/skins. */
export const skinsPageAnswer = page(marketItemAnswer);
export type SkinsPage = z.infer<typeof skinsPageAnswer>;

/** GET /api/featured-skins. */
export const featuredSkinsAnswer = z.array(marketItemAnswer);

/** GET /api/market-stats. The volume and rate come written for display ("$1,234.56", "99.5%"). */
export const marketStatsAnswer = z.object({ totalTraders: z.number(), dailyVolume: z.string(), totalSkins: z.number(), successRate: z.string() });
export type MarketStats = z.infer<typeof marketStatsAnswer>;

export const ORDER_ITEM_STATUSES = ['awaiting_hold', 'sending', 'delivered', 'failed'] as const;
export type OrderItemStatus = (typeof ORDER_ITEM_STATUSES)[number];

export const orderItemAnswer = z.object({
  listingId: z.string(),
  name: z.string(),
  imageUrl: z.string(),
  condition,
  rarity,
  price: money,
  status: z.enum(ORDER_ITEM_STATUSES),
  /** When the item can be sent (the seller's hold end). */
  tradableAt: isoTime,
  /** Set once the buyer was refunded (delivery impossible, or the seller reversed the trade). */
  refunded: z.boolean(),
});
export type OrderItem = z.infer<typeof orderItemAnswer>;

export const orderAnswer = z.object({ id: z.string(), total: money, createdAt: isoTime, items: z.array(orderItemAnswer) });
export type Order = z.infer<typeof orderAnswer>;

/** GET /api/orders?limit&cursor: the buyer's orders, newest first, each with all its items. */
export const ordersPageAnswer = page(orderAnswer);
export type OrdersPage = z.infer<typeof ordersPageAnswer>;

/** 201 answer of POST /api/purchases: the order, and the balance after it. */
export const purchaseAnswer = z.object({ orderId: z.string(), total: money, balance: money, items: z.array(orderItemAnswer) });
export type PurchaseResult = z.infer<typeof purchaseAnswer>;
