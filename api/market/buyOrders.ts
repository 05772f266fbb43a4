/**
 * The reads of buy orders (docs/adr/0077-buy-orders.md): the signed-in user's bids, newest first
 * (GET /api/buy-orders, newestFirst.ts over buy_orders_user_idx), each with what its reserve holds;
 * and an item's public book (GET /api/items/:marketHashName/buy-orders): the best 20 prices of the
 * open bids with the units still wanted at each, all the units wanted and the best price (of the
 * bids an item of a given float could fill, for a seller's suggested price), read
 * through the book index (buy_orders_book_idx, the one fills use), uncached: a bid placed, filled
 * or cancelled shows at once. The book names nobody.
 */
import { type DataSource, type EntityManager } from 'typeorm';
import { BuyOrder } from '../entities';
import { newestFirst, type Page, type PageRequest } from '../newestFirst';

export const BOOK_LEVELS = 20;

export interface BuyOrderWithReserve {
  buyOrder: BuyOrder;
  /** What its reserve holds now, in cents. */
  reservedCents: bigint;
}

/** The bids' reserves, in cents (0 for one without an account yet). */
async function reservesOf(db: DataSource | EntityManager, buyOrders: BuyOrder[]): Promise<Map<string, bigint>> {
  if (buyOrders.length === 0) return new Map();
  const rows = (await db.query(`SELECT buy_order_id, balance::text FROM ledger_accounts WHERE kind = 'buy_order_reserve' AND buy_order_id = ANY($1::uuid[])`, [
    buyOrders.map((buyOrder) => buyOrder.id),
  ])) as Array<{ buy_order_id: string; balance: string }>;
  return new Map(rows.map((row) => [row.buy_order_id, BigInt(row.balance)]));
}

export async function buyOrdersOfUser(dataSource: DataSource, userId: string, page: PageRequest): Promise<Page<BuyOrderWithReserve>> {
  const buyOrders = await newestFirst(dataSource, BuyOrder, { column: 'user_id', id: userId }, page);
  const reserves = await reservesOf(dataSource, buyOrders.items);
  return { items: buyOrders.items.map((buyOrder) => ({ buyOrder, reservedCents: reserves.get(buyOrder.id) ?? 0n })), nextCursor: buyOrders.nextCursor };
}

/** Amounts as bigint cents in text. */
export interface BookRow {
  levels: Array<{ price: string; quantity: number }>;
  total_quantity: number;
  highest: string | null;
}

/**
 * `float`: the wear of an item being sold; then only the bids it could fill (those without a float
 * limit or with one at or above it, as fills match: market/buyOrderFills.ts).
 */
export async function readBuyOrderBook(dataSource: Pick<DataSource, 'query'>, marketHashName: string, float?: number): Promise<BookRow> {
  const [row] = (await dataSource.query(
    `WITH open_bids AS (
       SELECT price_cents, quantity - filled AS remaining FROM buy_orders
       WHERE market_hash_name = $1 AND status = 'open' AND ($3::float8 IS NULL OR max_float IS NULL OR max_float >= $3)
     ), levels AS (
       SELECT price_cents, sum(remaining)::int AS quantity FROM open_bids GROUP BY price_cents ORDER BY price_cents DESC LIMIT $2
     )
     SELECT
       (SELECT coalesce(json_agg(json_build_object('price', price_cents::text, 'quantity', quantity) ORDER BY price_cents DESC), '[]'::json) FROM levels) AS levels,
       (SELECT coalesce(sum(remaining), 0)::int FROM open_bids) AS total_quantity,
       (SELECT max(price_cents)::text FROM open_bids) AS highest`,
    [marketHashName, BOOK_LEVELS, float ?? null],
  )) as [BookRow];
  return row;
}
