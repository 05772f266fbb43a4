/**
 * Reading a bot's trade history (IEconService/GetTradeHistory) back to a point in time, the same
 * way for the live and the simulated bot: pages newest first, with failed trades included, since
 * a trade reversed under trade protection has status 12 (TradeProtectionRollback).
 */
import { z } from 'zod';
import { type TradeHistoryEntry, TradeBotUnavailableError } from './tradeBot';

export const HISTORY_PAGE_SIZE = 100;
const MAX_PAGES = 50;

const historyPageSchema = z.object({
  response: z.object({
    more: z.boolean().optional(),
    trades: z
      .array(
        z.object({
          tradeid: z.string(),
          time_init: z.number(),
          status: z.number().int(),
          rollback_trade: z.string().optional(),
        }),
      )
      .default([]),
  }),
});

/** The query string of one page: after the given trade (older ones), or the newest page. */
export function historyPageQuery(after: { time: number; tradeId: string } | null): string {
  const base = `max_trades=${HISTORY_PAGE_SIZE}&include_failed=1`;
  return after ? `${base}&start_after_time=${after.time}&start_after_tradeid=${after.tradeId}` : base;
}

/**
 * Trades since `sinceSeconds`, newest first. `fetchPage` answers GetTradeHistory's JSON for a
 * query string from historyPageQuery.
 */
export async function readTradeHistory(sinceSeconds: number, fetchPage: (query: string) => Promise<unknown>): Promise<{ entries: TradeHistoryEntry[]; complete: boolean }> {
  const entries: TradeHistoryEntry[] = [];
  let after: { time: number; tradeId: string } | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const parsed = historyPageSchema.safeParse(await fetchPage(historyPageQuery(after)));
    if (!parsed.success) throw new TradeBotUnavailableError('GetTradeHistory answered an unexpected shape');
    const { trades, more } = parsed.data.response;
    for (const trade of trades) {
      if (trade.time_init < sinceSeconds) return { entries, complete: true };
      entries.push({ tradeId: trade.tradeid, status: trade.status, rollbackTrade: trade.rollback_trade ?? null, timeInit: trade.time_init });
    }
    const last = trades.at(-1);
    if (!more || !last) return { entries, complete: true };
    after = { time: last.time_init, tradeId: last.tradeid };
  }
  return { entries, complete: false };
}
