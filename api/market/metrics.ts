/**
 * The market's own figures on /metrics, read from the database when Prometheus scrapes (so every
 * process reports the same, shared state).
 *
 * Purchases and payouts are counted in the database too, not in per-process counters: a purchase
 * commits in a web process and a payout in whichever worker runs the hold end or delivery, so
 * per-process counters would need a hook after every commit in those commands, and would restart
 * from zero with each process. Counted by `kind` on ledger_transactions (each purchase and each
 * payout is exactly one ledger transaction, written in the same database transaction as the
 * change), the totals are exact, equal in every process, and an index-only scan of
 * ledger_transactions_kind_idx: about 50 ms for 250,000 purchases among a million ledger
 * transactions, measured on a busy test machine. Trade offers are counted the same way, through
 * trade_offers_steam_state_idx (0.2-0.3 s for a million offers there), once per scrape.
 */
import { type Registry } from 'prom-client';
import { type DataSource } from 'typeorm';
import { TRADE_OFFER_STATES } from '../../shared/schemas/market';
import { type LedgerKind } from '../../shared/schemas/wallet';
import { registerDatabaseMetric } from '../middleware/metrics';
import { readBotStatus } from './botStatus';
import { stateName } from './offerStates';
import { countOverdueHolds } from './overdueHolds';

/** The label of offers Steam never saw: being sent, or whose sending failed. */
const NOT_SENT = 'NotSent';

async function countTransactions(dataSource: DataSource, kind: LedgerKind): Promise<number> {
  const [row] = (await dataSource.query('SELECT count(*) AS n FROM ledger_transactions WHERE kind = $1', [kind])) as Array<{ n: string }>;
  return Number(row!.n);
}

/** Trade offers by Steam state name; every known state is present, at 0 when no offer is in it. */
async function countTradeOffers(dataSource: DataSource): Promise<Map<string, number>> {
  const rows = (await dataSource.query('SELECT steam_state, count(*) AS n FROM trade_offers GROUP BY steam_state')) as Array<{
    steam_state: number | null;
    n: string;
  }>;
  const counts = new Map<string, number>([...Object.keys(TRADE_OFFER_STATES), NOT_SENT].map((name) => [name, 0]));
  for (const row of rows) {
    const name = row.steam_state === null ? NOT_SENT : stateName(row.steam_state);
    counts.set(name, (counts.get(name) ?? 0) + Number(row.n));
  }
  return counts;
}

export function registerMarketMetrics(registry: Registry, dataSource: DataSource): void {
  registerDatabaseMetric(registry, {
    type: 'gauge',
    name: 'skinmarket_listings_overdue_after_hold',
    help: 'Listings still waiting over an hour after their trade protection ended (item not tradable at the bot, or the bot unreachable); sold="true" holds a buyer\'s payment in escrow',
    labelNames: ['sold'],
    async read() {
      const overdue = await countOverdueHolds(dataSource);
      return [
        { labels: { sold: 'false' }, value: overdue.unsold },
        { labels: { sold: 'true' }, value: overdue.sold },
      ];
    },
  });
  registerDatabaseMetric(registry, {
    type: 'counter',
    name: 'skinmarket_purchases_total',
    help: 'Purchases made (orders paid into escrow), since the market began',
    read: async () => [{ value: await countTransactions(dataSource, 'purchase') }],
  });
  registerDatabaseMetric(registry, {
    type: 'counter',
    name: 'skinmarket_payouts_total',
    help: 'Sellers paid for a delivered item, since the market began',
    read: async () => [{ value: await countTransactions(dataSource, 'sale_payout') }],
  });
  registerDatabaseMetric(registry, {
    // A gauge: an offer moves from state to state, so a state's count also goes down.
    type: 'gauge',
    name: 'skinmarket_trade_offers_total',
    help: `Trade offers (deposits, returns, deliveries) by their Steam state now; ${NOT_SENT}: not (yet) sent to Steam`,
    labelNames: ['state'],
    read: async () => [...(await countTradeOffers(dataSource))].map(([state, value]) => ({ labels: { state }, value })),
  });
  registerDatabaseMetric(registry, {
    type: 'gauge',
    name: 'skinmarket_trade_bot_online',
    help: 'Whether the trade bot reported itself online recently (1) or not (0), as GET /api/bot-status says',
    read: async () => [{ value: (await readBotStatus(dataSource)).online ? 1 : 0 }],
  });
}
