/** An item's price history and latest sales as the API answers them: money as two-decimal strings. */
import { type PriceHistory, type RecentSales } from '../../shared/answers/items';
import { formatMoney } from '../../shared/money';
import { type PriceHistoryRow, type RecentSaleRow } from '../market/itemHistory';

const moneyOrNull = (cents: string | null) => (cents === null ? null : formatMoney(BigInt(cents)));

export function presentPriceHistory(marketHashName: string, row: PriceHistoryRow): PriceHistory {
  return {
    marketHashName,
    points: row.points.map((point) => ({
      date: point.date,
      median: formatMoney(BigInt(point.median)),
      low: formatMoney(BigInt(point.low)),
      high: formatMoney(BigInt(point.high)),
      volume: point.volume,
    })),
    period: {
      median: moneyOrNull(row.period.median),
      low: moneyOrNull(row.period.low),
      high: moneyOrNull(row.period.high),
      volume: row.period.volume,
    },
    lastSale: moneyOrNull(row.last_sale),
    lowestListing: moneyOrNull(row.lowest_listing),
    highestBuyOrder: moneyOrNull(row.highest_buy_order),
  };
}

export function presentRecentSales(rows: RecentSaleRow[]): RecentSales {
  return { sales: rows.map((row) => ({ price: formatMoney(BigInt(row.price)), float: row.float, soldAt: row.sold_at.toISOString() })) };
}
