/**
 * The market's requests: trade offers that bring items in, listings through Steam's trade
 * protection, the catalogue's filters, purchases. Requests are validated on both sides with these
 * schemas; money travels as two-decimal strings, prices become bigint cents. The answers are
 * ../answers/market.ts, re-exported here for code that reads both.
 */
import { text, z } from './zod';
import {
  CONDITIONS,
  MARKET_PAGE_SIZE,
  MARKET_SORTS,
  MAX_SEARCH_LENGTH,
  RARITIES,
  WEAPON_TYPES,
} from '../constants';
import { TRADE_URL_PATTERN } from '../steam';
import { FLOAT_MESSAGE, FLOAT_RANGE_MESSAGE, parseFloatBound, parsePaintSeed, PATTERN_MESSAGE } from '../wearAndPattern';
import { moneyAmount, sellPriceSchema } from './money';

/** Steam asset ids are unsigned 64-bit integers, sent as strings. */
export const assetIdSchema = z.string().regex(/^\d{1,20}$/, 'Not a Steam asset id');

/** At most this many items go into one trade offer (Steam's own offers allow more; a person sells a handful). */
export const MAX_ITEMS_PER_OFFER = 50;

/**
 * POST /api/trade-offers. Only assetid and price count: every other field of the item payload
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

export type { MarketSort } from '../constants';
export const MAX_MARKET_PAGE_SIZE = 100;

const filterPrice = moneyAmount({ min: 0n, invalidMessage: 'Must be a price such as 12.34' });

/** A query parameter read by one of ../wearAndPattern.ts's parsers: its value, or `message`. */
const parsedBy = (parse: (input: string) => number | null, message: string) =>
  z.string({ error: message }).transform((input, ctx) => {
    const value = parse(input);
    if (value !== null) return value;
    ctx.addIssue(message);
    return z.NEVER;
  });
/** A float (wear) query parameter, 0 to 1. */
export const floatParam = parsedBy(parseFloatBound, FLOAT_MESSAGE);
const booleanParam = z.enum(['true', 'false']).transform((value) => value === 'true');

/** GET /api/skins query. Unknown parameters are refused, as are unknown values. */
export const skinsQuerySchema = z
  .strictObject({
    search: text().max(MAX_SEARCH_LENGTH, `Must be at most ${MAX_SEARCH_LENGTH} characters`).optional(),
    minPrice: filterPrice.optional(),
    maxPrice: filterPrice.optional(),
    weaponType: z.enum(WEAPON_TYPES).optional(),
    rarity: z.enum(RARITIES).optional(),
    condition: z.enum(CONDITIONS).optional(),
    statTrak: booleanParam.optional(),
    souvenir: booleanParam.optional(),
    /** Float (wear) from 0 to 1, both ends included; items without a float match no range. */
    minFloat: floatParam.optional(),
    maxFloat: floatParam.optional(),
    /** The pattern index (Steam's paint seed). */
    paintSeed: parsedBy(parsePaintSeed, PATTERN_MESSAGE).optional(),
    sort: z.enum(MARKET_SORTS).default('price_desc'),
    limit: z.coerce.number().int().min(1).max(MAX_MARKET_PAGE_SIZE).default(MARKET_PAGE_SIZE),
    cursor: text().max(500).optional(),
  })
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    message: 'Min price must not be above max price',
    path: ['maxPrice'],
  })
  .refine((q) => q.minFloat === undefined || q.maxFloat === undefined || q.minFloat <= q.maxFloat, {
    message: FLOAT_RANGE_MESSAGE,
    path: ['maxFloat'],
  });
export type SkinsQuery = z.output<typeof skinsQuerySchema>;

/** POST /api/purchases (with an Idempotency-Key). */
export const purchaseRequestSchema = z.strictObject({
  listingIds: z
    .array(z.uuid('Not a listing id'), { error: 'Choose at least one item' })
    .min(1, 'Choose at least one item')
    .max(MAX_ITEMS_PER_OFFER, `At most ${MAX_ITEMS_PER_OFFER} items per purchase`)
    .refine((ids) => new Set(ids).size === ids.length, 'The same item is in the purchase twice'),
  });
export type PurchaseRequest = z.output<typeof purchaseRequestSchema>;

export {
  ORDER_ITEM_STATUSES,
  TRADE_OFFER_STATES,
  type Listing,
  type ListingsPage,
  type ListingsSummary,
  type MarketItem,
  type MarketStats,
  type Order,
  type OrderItem,
  type OrderItemStatus,
  type OrdersPage,
  type PurchaseResult,
  type SkinsPage,
  type TradeOfferCreated,
  type TradeOfferStateName,
  type TradeOfferStatus,
} from '../answers/market';
