/**
 * The ledger's invariants, checked periodically in production (a pg-boss schedule, api/jobs/index.ts)
 * rather than trusted: all entries together sum to zero; every ledger transaction's entries sum to
 * zero; no available balance or escrow is below zero and no debt above it; every running balance
 * equals the sum of its account's entries. The database refuses most breaches as they are written
 * (CHECK constraints, the balanced-transaction trigger); this catches what slips past those: a
 * manual fix, a trigger disabled for maintenance, a bug in a migration.
 *
 * Each result is stored (the last KEEP_CHECKS), /metrics reports the newest as
 * `skinmarket_ledger_imbalance_cents`, and a non-zero one is logged at error level.
 */
import { type DataSource } from 'typeorm';
import { inTransaction } from '../db/transaction';
import { type Logger } from '../logger';

/** Checks kept: three and a half days at one every five minutes. */
export const KEEP_CHECKS = 1000;

/**
 * The check reads every ledger entry: allowed well over the pool's 15-second statement limit, so a
 * large ledger still gets checked (it runs every few minutes, never on a request's path).
 */
const CHECK_STATEMENT_TIMEOUT = '120s';

/** Offending transactions or accounts named per invariant: enough to start looking. */
const SAMPLE_IDS = 5;

export interface InvariantBreach {
  /** Transactions or accounts that break the invariant. */
  count: number;
  /** By how much, in cents (absolute values summed). */
  cents: string;
  /** Some of their ids. */
  ids: string[];
}

export interface LedgerCheckDetails {
  /** The sum of all entries, in cents (signed); zero when sound. */
  total: string;
  /** Transactions whose entries do not sum to zero. */
  unbalancedTransactions: InvariantBreach;
  /** Available balances or escrows below zero, debts above zero. */
  wrongSignBalances: InvariantBreach;
  /** Running balances that differ from the sum of their account's entries. */
  driftedBalances: InvariantBreach;
}

export interface LedgerCheck {
  checkedAt: Date;
  /** Zero exactly when every invariant holds; else the cents out of place, summed over the invariants. */
  imbalanceCents: bigint;
  details: LedgerCheckDetails;
}

interface CheckRow {
  total: string;
  unbalanced_count: number;
  unbalanced_cents: string;
  unbalanced_ids: string[];
  wrong_sign_count: number;
  wrong_sign_cents: string;
  wrong_sign_ids: string[];
  drifted_count: number;
  drifted_cents: string;
  drifted_ids: string[];
}

// One statement, so one snapshot: balances and entries written by the same transaction are seen
// together, and postings committing meanwhile cannot look like a breach.
const CHECK_SQL = `
  WITH account_sums AS (
    SELECT account_id, sum(amount) AS total FROM ledger_entries GROUP BY account_id
  ), unbalanced AS (
    SELECT transaction_id AS id, abs(sum(amount)) AS cents FROM ledger_entries GROUP BY transaction_id HAVING sum(amount) <> 0
  ), wrong_sign AS (
    SELECT id, abs(balance) AS cents FROM ledger_accounts
    WHERE (kind IN ('user_available', 'order_escrow') AND balance < 0) OR (kind = 'user_debt' AND balance > 0)
  ), drifted AS (
    SELECT a.id, abs(a.balance - COALESCE(s.total, 0)) AS cents
    FROM ledger_accounts a LEFT JOIN account_sums s ON s.account_id = a.id
    WHERE a.balance IS NOT NULL AND a.balance <> COALESCE(s.total, 0)
  )
  SELECT
    (SELECT COALESCE(sum(total), 0)::text FROM account_sums) AS total,
    (SELECT count(*)::int FROM unbalanced) AS unbalanced_count,
    (SELECT COALESCE(sum(cents), 0)::text FROM unbalanced) AS unbalanced_cents,
    ARRAY(SELECT id::text FROM unbalanced ORDER BY cents DESC, id LIMIT $1) AS unbalanced_ids,
    (SELECT count(*)::int FROM wrong_sign) AS wrong_sign_count,
    (SELECT COALESCE(sum(cents), 0)::text FROM wrong_sign) AS wrong_sign_cents,
    ARRAY(SELECT id::text FROM wrong_sign ORDER BY cents DESC, id LIMIT $1) AS wrong_sign_ids,
    (SELECT count(*)::int FROM drifted) AS drifted_count,
    (SELECT COALESCE(sum(cents), 0)::text FROM drifted) AS drifted_cents,
    ARRAY(SELECT id::text FROM drifted ORDER BY cents DESC, id LIMIT $1) AS drifted_ids`;

const abs = (cents: bigint) => (cents < 0n ? -cents : cents);

/** Checks the invariants, stores the result (keeping the last `keep`) and logs a breach at error level. */
export async function checkLedgerInvariants(
  dataSource: DataSource,
  logger: Logger,
  options: { keep?: number } = {},
): Promise<LedgerCheck> {
  const keep = options.keep ?? KEEP_CHECKS;
  const check = await inTransaction(dataSource, async (manager) => {
    await manager.query(`SET LOCAL statement_timeout = '${CHECK_STATEMENT_TIMEOUT}'`);
    const [row] = (await manager.query(CHECK_SQL, [SAMPLE_IDS])) as [CheckRow];
    const details: LedgerCheckDetails = {
      total: row.total,
      unbalancedTransactions: { count: row.unbalanced_count, cents: row.unbalanced_cents, ids: row.unbalanced_ids },
      wrongSignBalances: { count: row.wrong_sign_count, cents: row.wrong_sign_cents, ids: row.wrong_sign_ids },
      driftedBalances: { count: row.drifted_count, cents: row.drifted_cents, ids: row.drifted_ids },
    };
    const imbalanceCents = abs(BigInt(row.total)) + BigInt(row.unbalanced_cents) + BigInt(row.wrong_sign_cents) + BigInt(row.drifted_cents);
    const [stored] = (await manager.query(
      'INSERT INTO ledger_invariant_checks (imbalance_cents, details) VALUES ($1, $2) RETURNING checked_at',
      [imbalanceCents.toString(), JSON.stringify(details)],
    )) as Array<{ checked_at: Date }>;
    await manager.query(
      'DELETE FROM ledger_invariant_checks WHERE id < (SELECT id FROM ledger_invariant_checks ORDER BY id DESC OFFSET $1 LIMIT 1)',
      [keep - 1],
    );
    return { checkedAt: stored!.checked_at, imbalanceCents, details };
  });
  if (check.imbalanceCents !== 0n) {
    logger.error({ imbalanceCents: check.imbalanceCents.toString(), details: check.details }, 'ledger invariants broken');
  }
  return check;
}

/** The newest check's result; null before the first check. */
export async function latestLedgerCheck(dataSource: DataSource): Promise<{ checkedAt: Date; imbalanceCents: bigint } | null> {
  const [row] = (await dataSource.query('SELECT checked_at, imbalance_cents::text AS imbalance FROM ledger_invariant_checks ORDER BY id DESC LIMIT 1')) as Array<{
    checked_at: Date;
    imbalance: string;
  }>;
  return row ? { checkedAt: row.checked_at, imbalanceCents: BigInt(row.imbalance) } : null;
}
