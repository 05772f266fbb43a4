/**
 * Steam trade protection reversals as the bot's trade history shows them
 * (docs/adr/0025-trade-protection-reversals.md): the
 * reversed trade gets status 12 (TradeProtectionRollback), and the trade that reversed it names it
 * in `rollback_trade`. Either signal counts.
 */
import { type TradeBot, type TradeHistoryEntry, TRADE_STATUS } from '../steam/tradeBot';

/** Margin before the oldest trade of interest when asking for history (clock skew, Steam's rounding). */
const HISTORY_MARGIN_SECONDS = 3600;

export function reversedTradeIds(history: TradeHistoryEntry[]): Set<string> {
  const reversed = new Set<string>();
  for (const entry of history) {
    if (entry.status === TRADE_STATUS.TradeProtectionRollback) reversed.add(entry.tradeId);
    if (entry.rollbackTrade) reversed.add(entry.rollbackTrade);
  }
  return reversed;
}

/** The reversed trades among trades made since `since` (one trade-history call). */
export async function findReversedTrades(bot: Pick<TradeBot, 'getTradeHistory'>, since: Date): Promise<Set<string>> {
  const sinceSeconds = Math.max(0, Math.floor(since.getTime() / 1000) - HISTORY_MARGIN_SECONDS);
  return reversedTradeIds(await bot.getTradeHistory(sinceSeconds));
}
