/**
 * The console's overview: what waits on staff and how the platform is doing, in one read. Each
 * figure is its own small query (they run side by side, so they are not one snapshot; the page is
 * a glance, not a statement). "Today" and "this month" are UTC.
 *
 * Counts over indexes: pending withdrawals (withdrawals_status_idx) and their approvals (the
 * primary key of withdrawal_approvals), holds ending today (listings_hold_end_idx), overdue holds
 * (listings_hold_end_idx and listings_sold_active_idx), open support items (the *_open_idx partial
 * indexes), the newest ledger check (its primary key), pending deposits (deposits_pending_idx),
 * listings by status (listings_status_idx, index-only). Fees read the platform fee account's entries
 * through ledger_entries_account_idx: one entry per sale ever made, filtered by time, which grows
 * with the market (an index on the entries' time would cost every ledger write; the overview is a
 * staff glance, not a hot path).
 */
import { type DataSource } from 'typeorm';
import { type BotStatus } from '../../shared/schemas/inventory';
import { latestLedgerCheck } from '../ledger/invariantCheck';
import { readBotStatus } from '../market/botStatus';
import { countOverdueHolds } from '../market/overdueHolds';

export interface OverviewFigures {
  withdrawals: { pending: number; pendingCents: bigint; awaitingSecondApproval: number };
  deposits: { pending: number; pendingCents: bigint };
  fees: { todayCents: bigint; thisMonthCents: bigint };
  listingsByStatus: Record<string, number>;
  holdsEndingToday: number;
  overdueHolds: number;
  bot: Pick<BotStatus, 'online' | 'lastSeenAt'>;
  openSupportItems: number;
  /** The newest invariant check (api/ledger/invariantCheck.ts); null before the first. */
  ledgerCheck: { checkedAt: Date; sound: boolean } | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

async function pendingWithdrawals(dataSource: DataSource, fourEyesCents: bigint): Promise<OverviewFigures['withdrawals']> {
  // Awaiting a second approval: above the threshold, still requested, approved once.
  const [row] = (await dataSource.query(
    `SELECT count(*)::int AS pending, COALESCE(sum(w.amount_cents), 0)::text AS cents,
       count(*) FILTER (WHERE w.status = 'requested' AND w.amount_cents > $1
         AND (SELECT count(*) FROM withdrawal_approvals a WHERE a.withdrawal_id = w.id) = 1)::int AS awaiting
     FROM withdrawals w WHERE w.status IN ('requested', 'processing')`,
    [fourEyesCents.toString()],
  )) as [{ pending: number; cents: string; awaiting: number }];
  return { pending: row.pending, pendingCents: BigInt(row.cents), awaitingSecondApproval: row.awaiting };
}

async function pendingDeposits(dataSource: DataSource): Promise<OverviewFigures['deposits']> {
  const [row] = (await dataSource.query(
    `SELECT count(*)::int AS pending, COALESCE(sum(amount_cents), 0)::text AS cents FROM deposits WHERE status = 'pending'`,
  )) as [{ pending: number; cents: string }];
  return { pending: row.pending, pendingCents: BigInt(row.cents) };
}

async function feesEarned(dataSource: DataSource, dayStart: Date, monthStart: Date): Promise<OverviewFigures['fees']> {
  const [row] = (await dataSource.query(
    `SELECT COALESCE(sum(e.amount) FILTER (WHERE e.created_at >= $1), 0)::text AS today, COALESCE(sum(e.amount), 0)::text AS month
     FROM ledger_entries e
     WHERE e.account_id = (SELECT id FROM ledger_accounts WHERE kind = 'platform_fees' AND user_id IS NULL AND order_id IS NULL)
       AND e.created_at >= $2`,
    [dayStart, monthStart],
  )) as [{ today: string; month: string }];
  return { todayCents: BigInt(row.today), thisMonthCents: BigInt(row.month) };
}

async function listingsByStatus(dataSource: DataSource): Promise<Record<string, number>> {
  const rows = (await dataSource.query('SELECT status, count(*)::int AS count FROM listings GROUP BY status ORDER BY status')) as Array<{
    status: string;
    count: number;
  }>;
  return Object.fromEntries(rows.map((row) => [row.status, row.count]));
}

async function holdsEndingBetween(dataSource: DataSource, from: Date, to: Date): Promise<number> {
  const [row] = (await dataSource.query(
    `SELECT count(*)::int AS count FROM listings WHERE status = 'holding' AND hold_end_time >= $1 AND hold_end_time < $2`,
    [from, to],
  )) as [{ count: number }];
  return row.count;
}

async function openSupportItems(dataSource: DataSource): Promise<number> {
  const [row] = (await dataSource.query(
    `SELECT (SELECT count(*) FROM contact_messages WHERE status = 'open') + (SELECT count(*) FROM issue_reports WHERE status = 'open') AS count`,
  )) as [{ count: string }];
  return Number(row.count);
}

export async function staffOverview(dataSource: DataSource, options: { fourEyesCents: bigint; now?: Date }): Promise<OverviewFigures> {
  const now = options.now ?? new Date();
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const [withdrawals, deposits, fees, listings, holdsEndingToday, overdue, bot, support, ledgerCheck] = await Promise.all([
    pendingWithdrawals(dataSource, options.fourEyesCents),
    pendingDeposits(dataSource),
    feesEarned(dataSource, dayStart, monthStart),
    listingsByStatus(dataSource),
    holdsEndingBetween(dataSource, dayStart, new Date(dayStart.getTime() + DAY_MS)),
    countOverdueHolds(dataSource, now),
    readBotStatus(dataSource, now),
    openSupportItems(dataSource),
    latestLedgerCheck(dataSource),
  ]);
  return {
    withdrawals,
    deposits,
    fees,
    listingsByStatus: listings,
    holdsEndingToday,
    overdueHolds: overdue.unsold + overdue.sold,
    bot: { online: bot.online, lastSeenAt: bot.lastSeenAt },
    openSupportItems: support,
    ledgerCheck: ledgerCheck && { checkedAt: ledgerCheck.checkedAt, sound: ledgerCheck.imbalanceCents === 0n },
  };
}
