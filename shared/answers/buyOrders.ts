/**
 * The answers about buy orders (docs/adr/0077-buy-orders.md): the bidder's own bids and the public
 * book of an item's open bids, which names nobody. Money as two-decimal strings.
 */
import { BUY_ORDER_STATUSES, RARITIES } from '../constants';
import * as z from './z';
import { isoTime, money, page } from './z';


/** One of the signed-in user's bids. */
export const buyOrderAnswer = z.object({
  id: z.string(),
  marketHashName: z.string(),
  name: z.string(),
  imageUrl: z.nullable(z.string()),
  /** 'unknown' for an item known only from its sales. */
  rarity: z.enum(RARITIES),
  /** The most paid per unit; a unit fills at its listing's price, and the difference comes back. */
  price: money,
  quantity: z.number(),
  filled: z.number(),
  remaining: z.number(),
  maxFloat: z.nullable(z.number()),
  status: z.enum(BUY_ORDER_STATUSES),
  /** What the bid holds of the bidder's money now: price × remaining while open, then 0.00. */
  reserved: money,
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type BuyOrder = z.infer<typeof buyOrderAnswer>;

/** GET /api/buy-orders: the user's bids, newest first. */
export const buyOrdersPageAnswer = page(buyOrderAnswer);
export type BuyOrdersPage = z.infer<typeof buyOrdersPageAnswer>;

/** 201 of POST /api/buy-orders and 200 of POST /api/buy-orders/:id/cancel: the bid and the available balance after it. */
export const buyOrderResultAnswer = z.object({ buyOrder: buyOrderAnswer, balance: money });
export type BuyOrderResult = z.infer<typeof buyOrderResultAnswer>;

/** One price of the book: the units still wanted at it. */
export const bookLevelAnswer = z.object({ price: money, quantity: z.number() });
export type BookLevel = z.infer<typeof bookLevelAnswer>;

/**
 * GET /api/items/:marketHashName/buy-orders: the best 20 prices of the open bids, highest first,
 * all the units wanted, and the best price (null: nobody bids).
 */
export const buyOrderBookAnswer = z.object({
  marketHashName: z.string(),
  levels: z.array(bookLevelAnswer),
  totalQuantity: z.number(),
  highest: z.nullable(money),
});
export type BuyOrderBook = z.infer<typeof buyOrderBookAnswer>;
