/** Buy orders as the API answers them: money as two-decimal strings, the book without bidders. */
import { type BuyOrder as BuyOrderJson, type BuyOrderBook } from '../../shared/answers/buyOrders';
import { formatMoney } from '../../shared/money';
import { type BuyOrder } from '../entities';
import { type BookRow } from '../market/buyOrders';

export function presentBuyOrder(buyOrder: BuyOrder, reservedCents: bigint): BuyOrderJson {
  return {
    id: buyOrder.id,
    marketHashName: buyOrder.marketHashName,
    name: buyOrder.name,
    imageUrl: buyOrder.imageUrl,
    rarity: buyOrder.rarity,
    price: formatMoney(buyOrder.priceCents),
    quantity: buyOrder.quantity,
    filled: buyOrder.filled,
    remaining: buyOrder.quantity - buyOrder.filled,
    maxFloat: buyOrder.maxFloat,
    status: buyOrder.status,
    reserved: formatMoney(reservedCents),
    createdAt: buyOrder.createdAt.toISOString(),
    updatedAt: buyOrder.updatedAt.toISOString(),
  };
}

export function presentBuyOrderBook(marketHashName: string, row: BookRow): BuyOrderBook {
  return {
    marketHashName,
    levels: row.levels.map((level) => ({ price: formatMoney(BigInt(level.price)), quantity: level.quantity })),
    totalQuantity: row.total_quantity,
    highest: row.highest === null ? null : formatMoney(BigInt(row.highest)),
  };
}
