/**
 * The market's contract (DESIGN.md sections 3 and 4): trade offers that bring items in, listings
 * through Steam's trade protection, the catalogue, purchases and orders. Requests are validated on
 * both sides with these schemas; money travels as two-decimal strings, prices become bigint cents.
 */
import { text, z } from './zod';
import {
  CONDITIONS,
  type Condition,
  type ListingStatus,
  MARKET_PAGE_SIZE,
  MARKET_SORTS,
  MAX_SEARCH_LENGTH,
  RARITIES,
  type Rarity,
  WEAPON_TYPES,
} from '../constants';
import { TRADE_URL_PATTERN } from '../steam';
import { moneyAmount, sellPriceSchema } from './money';
import { type Page } from './page';

/** Steam asset ids are unsigned 64-bit integers, sent as strings. */
export const assetIdSchema = z.string().regex(/^\d{1,20}$/, 'Not a Steam asset id');

/** At most this many items go into one trade offer (Steam's own offers allow more; a person sells a handful). */
export const MAX_ITEMS_PER_OFFER = 50;

/**
 * POST /api/trade-offers. Only assetid and price count: every other field of the spec's payload
 * (name, rarity, image, float …) is ignored and re-read from the user's Steam inventory.
 */
export const tradeOfferRequestSchema = z.object({
  items: z
    .array(z.object({ assetid: assetIdSchema, price: sellPriceSchema }).loose(), { error: 'Select at least one item' })
    .min(1, 'Select at least one item')
    .max(MAX_ITEMS_PER_OFFER, `At most ${MAX_ITEMS_PER_OFFER} items per trade offer`)
    .refine((items) => new Set(items.map((item) => item.assetid)).size === items.length, 'The same item is listed twice'),
  tradeUrl: text({ error: 'Trade URL is required' }).min(1, 'Trade URL is required').regex(TRADE_URL_PATTERN, 'Please enter a valid Steam trade URL'),
});
export type TradeOfferRequest = z.output<typeof tradeOfferRequestSchema>;

export interface TradeOfferCreated {
  success: true;
  offerId: string;
  message: string;
}

/** GET /api/trade-offer/{offerId}/status. `state` is Steam's ETradeOfferState name. */
export interface TradeOfferStatus {
  success: boolean;
  isAccepted: boolean;
  state: TradeOfferStateName;
  message?: string;
}

/** Steam's ETradeOfferState values by name (https://developer.valvesoftware.com: ETradeOfferState). */
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
export type TradeOfferStateName = keyof typeof TRADE_OFFER_STATES | 'Failed';

/** A listing as its seller sees it (spec section 3 plus the item details the market shows). */
export interface Listing {
  id: string;
  name: string;
  condition: Condition | null;
  rarity: Rarity;
  imageUrl: string;
  statTrak: boolean;
  souvenir: boolean;
  float: number | null;
  paintSeed: number | null;
  sellPrice: string;
  platformFee: string;
  finalAmount: string;
  status: ListingStatus;
  /** Whether a buyer has paid for it (a holding listing may already be sold). */
  sold: boolean;
  holdStartTime: string;
  holdEndTime: string;
  createdAt: string;
  /** Why a cancelled listing was cancelled: by the seller, the deposit trade reversed, or the item lost at the bot. */
  cancelReason: 'seller' | 'trade_reversed' | 'item_lost' | null;
}

/** Figures over all of a seller's listings, not only a page of them (money as two-decimal strings). */
export interface ListingsSummary {
  /** Unsold listings buyers can buy now (in the hold or after it). */
  onSale: number;
  /** What sold listings pay once their hold ends and the payout runs. */
  awaitingPayout: string;
  /** What completed listings paid into the balance. */
  earned: string;
}

/**
 * GET /api/listings?limit&cursor (shared/schemas/page.ts): the seller's listings, newest first. The
 * first page (no cursor) also carries the summary of all of them; later pages carry null.
 */
export interface ListingsPage extends Page<Listing> {
  summary: ListingsSummary | null;
}

/** A market item (DESIGN.md section 4): an available listing as buyers see it. */
export interface MarketItem {
  id: string;
  name: string;
  imageUrl: string;
  price: string;
  weaponType: string;
  rarity: Rarity;
  condition: Condition | null;
  float: number | null;
  paintSeed: number | null;
  statTrak: boolean;
  souvenir: boolean;
  /** When the item can leave the platform's bot (the end of the seller's trade protection). */
  tradableAt: string;
  inspectLink: string | null;
}

export type { MarketSort } from '../constants';
export const MAX_MARKET_PAGE_SIZE = 100;

const filterPrice = moneyAmount({ min: 0n, invalidMessage: 'Must be a price such as 12.34' });

/** GET /api/skins query. Unknown parameters are refused, as are unknown values. */
export const skinsQuerySchema = z
  .strictObject({
    search: text().max(MAX_SEARCH_LENGTH, `Must be at most ${MAX_SEARCH_LENGTH} characters`).optional(),
    minPrice: filterPrice.optional(),
    maxPrice: filterPrice.optional(),
    weaponType: z.enum(WEAPON_TYPES).optional(),
    rarity: z.enum(RARITIES).optional(),
    condition: z.enum(CONDITIONS).optional(),
    statTrak: z.enum(['true', 'false']).transform((value) => value === 'true').optional(),
    sort: z.enum(MARKET_SORTS).default('price_desc'),
    limit: z.coerce.number().int().min(1).max(MAX_MARKET_PAGE_SIZE).default(MARKET_PAGE_SIZE),
    cursor: text().max(500).optional(),
  })
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    message: 'Min price must not be above max price',
    path: ['maxPrice'],
  });
export type SkinsQuery = z.output<typeof skinsQuerySchema>;

export interface SkinsPage {
  items: MarketItem[];
  nextCursor: string | null;
}

export interface MarketStats {
  totalTraders: number;
  dailyVolume: string;
  totalSkins: number;
  successRate: string;
}

/** POST /api/purchases (with an Idempotency-Key). */
export const purchaseRequestSchema = z.strictObject({
  listingIds: z
    .array(z.uuid('Not a listing id'), { error: 'Choose at least one item' })
    .min(1, 'Choose at least one item')
    .max(MAX_ITEMS_PER_OFFER, `At most ${MAX_ITEMS_PER_OFFER} items per purchase`)
    .refine((ids) => new Set(ids).size === ids.length, 'The same item is in the purchase twice'),
});
export type PurchaseRequest = z.output<typeof purchaseRequestSchema>;

export const ORDER_ITEM_STATUSES = ['awaiting_hold', 'sending', 'delivered', 'failed'] as const;
export type OrderItemStatus = (typeof ORDER_ITEM_STATUSES)[number];

export interface OrderItem {
  listingId: string;
  name: string;
  imageUrl: string;
  condition: Condition | null;
  rarity: Rarity;
  price: string;
  status: OrderItemStatus;
  /** When the item can be sent (the seller's hold end). */
  tradableAt: string;
  /** Set once the buyer was refunded (delivery impossible, or the seller reversed the trade). */
  refunded: boolean;
}

export interface Order {
  id: string;
  total: string;
  createdAt: string;
  items: OrderItem[];
}

/** GET /api/orders?limit&cursor (shared/schemas/page.ts): the buyer's orders, newest first, each with all its items. */
export type OrdersPage = Page<Order>;

/** 201 answer of POST /api/purchases. */
export interface PurchaseResult {
  orderId: string;
  total: string;
  balance: string;
  items: OrderItem[];
}

