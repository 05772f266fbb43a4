/**
 * The double-entry ledger. Every money movement is one ledger transaction whose entries sum to
 * zero. Running balances — and the row locks that keep them — exist only where a constraint needs
 * them: each user's available balance, kept from going negative by a CHECK constraint (an
 * overdraft fails in the database itself), each order's own escrow account and each buy order's
 * own reserve (never negative either). Their entries record the balance after them. The
 * platform's accounts (`external`, `withdrawals_pending`, `platform_fees`) are never locked or
 * updated: they receive entries only (balance_after null) and their balance is the sum of those,
 * so no deposit, withdrawal or purchase waits on a shared row. Accounts with balances are locked
 * in a fixed order (by id) so concurrent movements never deadlock on each other.
 *
 * A chargeback can take back more than the user still has: the shortfall becomes a debt, kept in
 * the user's own `user_debt` account (a running balance, never above zero: minus what is owed).
 * While a user owes, any money credited to their available balance repays the debt first, in the
 * same database transaction: `post` does it for every credit, so no credit path can skip it, and
 * the repayment is its own ledger transaction, shown in the user's history. Hence a user who owes
 * has nothing available. A debt account moves only together with its owner's available balance,
 * which is always locked first.
 */
import { type EntityManager } from 'typeorm';
import { formatUsd } from '../../shared/money';
import { type LedgerKind } from '../../shared/schemas/wallet';
import { sqlState } from '../db/transaction';

/** The platform's own accounts: entries only, no running balance. */
export type SystemAccountKind = 'withdrawals_pending' | 'platform_fees' | 'external';

/**
 * A user's available balance or debt (by user id), an order's escrow (by order id), a buy order's
 * reserve (by buy order id), or a platform account.
 */
export type AccountRef = { user: string } | { debt: string } | { escrow: string } | { reserve: string } | { system: SystemAccountKind };

export interface Leg {
  account: AccountRef;
  /** Positive credits the account, negative debits it; integer cents. */
  amount: bigint;
}

export interface Posting {
  kind: LedgerKind;
  /** Shown to the user in their history. */
  description: string;
  /** What the movement is for (`deposit:<id>`, `withdrawal:<id>`); unique: a second posting is refused. */
  reference: string;
  legs: Leg[];
}

export class InsufficientFundsError extends Error {
  constructor() {
    super('Insufficient available balance');
    this.name = 'InsufficientFundsError';
  }
}

export class EscrowOverdrawnError extends Error {
  constructor() {
    super('An order escrow account cannot go below zero');
    this.name = 'EscrowOverdrawnError';
  }
}

export class ReserveOverdrawnError extends Error {
  constructor() {
    super('A buy order reserve cannot go below zero');
    this.name = 'ReserveOverdrawnError';
  }
}

export class DuplicatePostingError extends Error {
  constructor(reference: string) {
    super(`Ledger posting ${reference} already exists`);
    this.name = 'DuplicatePostingError';
  }
}

/** The id of the user's available-balance account, created on first use. */
async function userAccountId(manager: EntityManager, userId: string): Promise<string> {
  const [created] = (await manager.query(
    `INSERT INTO ledger_accounts (kind, user_id) VALUES ('user_available', $1)
     ON CONFLICT (user_id) WHERE kind = 'user_available' DO NOTHING RETURNING id`,
    [userId],
  )) as Array<{ id: string }>;
  if (created) return created.id;
  const [existing] = (await manager.query(`SELECT id FROM ledger_accounts WHERE kind = 'user_available' AND user_id = $1`, [userId])) as Array<{ id: string }>;
  return existing!.id;
}

type AccountKind = 'user_available' | 'user_debt' | 'order_escrow' | 'buy_order_reserve' | SystemAccountKind;

/** Where an account reference points: its kind, and its owner (a user, an order or a buy order) unless it is the platform's. */
function accountOf(ref: AccountRef): { kind: AccountKind; owner: string | null } {
  if ('user' in ref) return { kind: 'user_available', owner: ref.user };
  if ('debt' in ref) return { kind: 'user_debt', owner: ref.debt };
  if ('escrow' in ref) return { kind: 'order_escrow', owner: ref.escrow };
  if ('reserve' in ref) return { kind: 'buy_order_reserve', owner: ref.reserve };
  return { kind: ref.system, owner: null };
}

interface ResolvedLeg {
  id: string;
  amount: bigint;
  /** Whether the account keeps a running balance (and is locked and updated). */
  running: boolean;
  /** The user whose available balance (`available`) or debt (`debt`) this is. */
  user?: { id: string; account: 'available' | 'debt' };
}

/**
 * One statement for all the legs' accounts: creates the owned ones used for the first time
 * (ON CONFLICT: any that exists already is left alone), locks the existing available balances
 * and escrows in id order (the ones it creates are its own until commit), and reads the platform
 * accounts and debt accounts without a lock (the platform's are never locked; a debt account is
 * locked after its owner's available balance, by `lockDebts`). An account another transaction
 * created and committed while this statement waited for it is not in the statement's snapshot:
 * then it runs again, and finds it.
 */
async function resolveAndLock(manager: EntityManager, legs: Leg[]): Promise<ResolvedLeg[]> {
  const accounts = legs.map((leg) => accountOf(leg.account));
  const owners = (kind: AccountKind) => [...new Set(accounts.filter((account) => account.kind === kind).map((account) => account.owner!))];
  const systemKinds = [...new Set(accounts.filter((account) => account.owner === null).map((account) => account.kind))];
  const params = [owners('user_available'), owners('user_debt'), owners('order_escrow'), systemKinds, owners('buy_order_reserve')];
  for (let attempt = 1; ; attempt++) {
    const rows = (await manager.query(
      `WITH created AS (
         INSERT INTO ledger_accounts (kind, user_id, order_id, buy_order_id)
         SELECT 'user_available', owner, NULL::uuid, NULL::uuid FROM unnest($1::uuid[]) AS owner
         UNION ALL SELECT 'user_debt', owner, NULL, NULL FROM unnest($2::uuid[]) AS owner
         UNION ALL SELECT 'order_escrow', NULL, owner, NULL FROM unnest($3::uuid[]) AS owner
         UNION ALL SELECT 'buy_order_reserve', NULL, NULL, owner FROM unnest($5::uuid[]) AS owner
         ON CONFLICT DO NOTHING
         RETURNING id, kind, COALESCE(user_id, order_id, buy_order_id) AS owner
       ), locked AS (
         SELECT id, kind, COALESCE(user_id, order_id, buy_order_id) AS owner FROM ledger_accounts
         WHERE (kind = 'user_available' AND user_id = ANY($1::uuid[])) OR (kind = 'order_escrow' AND order_id = ANY($3::uuid[]))
           OR (kind = 'buy_order_reserve' AND buy_order_id = ANY($5::uuid[]))
         ORDER BY id FOR UPDATE
       ), unlocked AS (
         SELECT id, kind, user_id AS owner FROM ledger_accounts
         WHERE (kind = 'user_debt' AND user_id = ANY($2::uuid[]))
           OR (kind = ANY($4::text[]) AND user_id IS NULL AND order_id IS NULL AND buy_order_id IS NULL)
       )
       SELECT * FROM created UNION ALL SELECT * FROM locked UNION ALL SELECT * FROM unlocked`,
      params,
    )) as Array<{ id: string; kind: AccountKind; owner: string | null }>;
    const idOf = new Map(rows.map((row) => [`${row.kind}:${row.owner ?? ''}`, row.id]));
    const ids = accounts.map((account) => idOf.get(`${account.kind}:${account.owner ?? ''}`));
    if (ids.every((id) => id !== undefined)) {
      return legs.map((leg, index) => {
        const { kind, owner } = accounts[index]!;
        const user = kind === 'user_available' ? { id: owner!, account: 'available' as const } : kind === 'user_debt' ? { id: owner!, account: 'debt' as const } : undefined;
        return { id: ids[index]!, amount: leg.amount, running: owner !== null, user };
      });
    }
    if (attempt >= 3) throw new Error('ledger accounts of a posting could not be found');
  }
}

/**
 * Locks debt accounts, after the available balances (`resolveAndLock`): the posting's own debt
 * legs, or else the debts of the users it credits that still owe (read under the available
 * balances' locks, so no chargeback of these users is in flight). Answers the owing ones with
 * what they owe.
 */
async function lockDebts(manager: EntityManager, debtLegIds: string[], creditedUserIds: string[]): Promise<Array<{ id: string; userId: string; owed: bigint }>> {
  if (debtLegIds.length === 0 && creditedUserIds.length === 0) return [];
  const rows = (await manager.query(
    `SELECT id, user_id, balance FROM ledger_accounts
     WHERE id = ANY($1::uuid[]) OR (kind = 'user_debt' AND user_id = ANY($2::uuid[]) AND balance < 0)
     ORDER BY id FOR UPDATE`,
    [debtLegIds, creditedUserIds],
  )) as Array<{ id: string; user_id: string; balance: string }>;
  return rows.filter((row) => creditedUserIds.includes(row.user_id)).map((row) => ({ id: row.id, userId: row.user_id, owed: -BigInt(row.balance) }));
}

/**
 * Writes one balanced ledger transaction inside the caller's database transaction, and answers
 * its id and each leg's balance right after it (null for the platform's accounts, which keep
 * none), before any debt repayment the posting set off. Three statements at most (accounts,
 * debts when it credits a user, the movement itself), plus a repayment's own where a debt is
 * repaid.
 */
export async function post(manager: EntityManager, posting: Posting): Promise<{ transactionId: string; balancesAfter: Array<bigint | null> }> {
  if (posting.legs.length < 2) throw new Error('a ledger transaction needs at least two legs');
  if (posting.legs.some((leg) => leg.amount === 0n)) throw new Error('a ledger leg cannot be zero');
  if (posting.legs.reduce((sum, leg) => sum + leg.amount, 0n) !== 0n) throw new Error('ledger legs must sum to zero');
  const named = posting.legs.map((leg) => JSON.stringify(accountOf(leg.account)));
  // One leg per account, so each leg's balance after it is the account's own (one UPDATE per row).
  if (new Set(named).size !== named.length) throw new Error('a ledger transaction moves each account once');

  const legs = await resolveAndLock(manager, posting.legs);
  const debtors = legs.filter((leg) => leg.user?.account === 'debt').map((leg) => leg.user!.id);
  if (debtors.some((userId) => !legs.some((leg) => leg.user?.id === userId && leg.user.account === 'available'))) {
    throw new Error("a debt moves only against its owner's available balance");
  }
  // Credits repay what their users owe, unless the posting moves a debt itself.
  const owing = await lockDebts(
    manager,
    legs.filter((leg) => leg.user?.account === 'debt').map((leg) => leg.id),
    debtors.length ? [] : creditedUsers(legs),
  );

  let rows: Array<{ transaction_id: string; balances: Array<string | null> }>;
  try {
    rows = (await manager.query(
      `WITH posted AS (
         INSERT INTO ledger_transactions (kind, description, reference) VALUES ($1, $2, $3)
         ON CONFLICT (reference) DO NOTHING RETURNING id
       ), legs AS (
         SELECT * FROM unnest($4::uuid[], $5::bigint[], $6::boolean[]) WITH ORDINALITY AS leg(account_id, amount, running, n)
       ), moved AS (
         UPDATE ledger_accounts a SET balance = a.balance + legs.amount FROM legs
         WHERE a.id = legs.account_id AND legs.running AND EXISTS (SELECT FROM posted)
         RETURNING a.id, a.balance
       ), entries AS (
         INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after)
         SELECT posted.id, legs.account_id, legs.amount, moved.balance
         FROM posted CROSS JOIN legs LEFT JOIN moved ON moved.id = legs.account_id
         ORDER BY legs.n
         RETURNING account_id, balance_after
       )
       SELECT posted.id AS transaction_id,
         ARRAY(SELECT entries.balance_after::text FROM legs JOIN entries ON entries.account_id = legs.account_id ORDER BY legs.n) AS balances
       FROM posted`,
      [
        posting.kind,
        posting.description,
        posting.reference,
        legs.map((leg) => leg.id),
        legs.map((leg) => leg.amount.toString()),
        legs.map((leg) => leg.running),
      ],
    )) as typeof rows;
  } catch (error) {
    throw balanceRefusal(error);
  }
  const [row] = rows;
  if (!row) throw new DuplicatePostingError(posting.reference);
  const balancesAfter = row.balances.map((balance) => (balance === null ? null : BigInt(balance)));

  for (const debt of owing) {
    const available = balancesAfter[legs.findIndex((leg) => leg.user?.id === debt.userId && leg.user.account === 'available')]!;
    await repayDebt(manager, { userId: debt.userId, available: available!, owed: debt.owed, creditTransactionId: row.transaction_id });
  }
  return { transactionId: row.transaction_id, balancesAfter };
}

/** The users whose available balance the legs credit. */
function creditedUsers(legs: ResolvedLeg[]): string[] {
  return [...new Set(legs.filter((leg) => leg.user?.account === 'available' && leg.amount > 0n).map((leg) => leg.user!.id))];
}

/**
 * After a credit: as much of the user's (locked) available balance as the debt needs moves to the
 * debt account, as a `debt_repayment` transaction of its own.
 */
async function repayDebt(manager: EntityManager, p: { userId: string; available: bigint; owed: bigint; creditTransactionId: string }): Promise<void> {
  const repaid = p.available < p.owed ? p.available : p.owed;
  if (repaid <= 0n) return;
  await post(manager, {
    kind: 'debt_repayment',
    description: `Repaid ${formatUsd(repaid)} owed after a chargeback${p.owed > repaid ? ` (${formatUsd(p.owed - repaid)} still owed)` : ''}`,
    reference: `debt-repayment:${p.creditTransactionId}:${p.userId}`,
    legs: [
      { account: { user: p.userId }, amount: -repaid },
      { account: { debt: p.userId }, amount: repaid },
    ],
  });
}

/** The database's CHECK constraints refuse overdrafts: as the ledger's own errors. */
function balanceRefusal(error: unknown): unknown {
  if (sqlState(error) !== '23514') return error;
  const constraint = (error as { driverError?: { constraint?: string } }).driverError?.constraint;
  if (constraint === 'ledger_accounts_available_not_negative') return new InsufficientFundsError();
  if (constraint === 'ledger_accounts_escrow_not_negative') return new EscrowOverdrawnError();
  if (constraint === 'ledger_accounts_reserve_not_negative') return new ReserveOverdrawnError();
  return error;
}

/** A user's available balance and what they owe (both ≥ 0, in cents), as this transaction sees them. */
async function balancesOf(manager: Pick<EntityManager, 'query'>, userId: string): Promise<{ available: bigint; owed: bigint }> {
  const rows = (await manager.query(`SELECT kind, balance FROM ledger_accounts WHERE user_id = $1 AND kind IN ('user_available', 'user_debt')`, [
    userId,
  ])) as Array<{ kind: 'user_available' | 'user_debt'; balance: string }>;
  const balance = (kind: string) => BigInt(rows.find((row) => row.kind === kind)?.balance ?? '0');
  return { available: balance('user_available'), owed: -balance('user_debt') };
}

/**
 * Locks the user's available balance (and their debt account, after it) until the caller's
 * transaction ends, and answers both: for decisions that must hold until the money moves (how much
 * a chargeback takes from the balance, how much may be withdrawn).
 */
export async function lockUserBalances(manager: EntityManager, userId: string): Promise<{ available: bigint; owed: bigint }> {
  await manager.query('SELECT id FROM ledger_accounts WHERE id = $1 FOR UPDATE', [await userAccountId(manager, userId)]);
  await manager.query(`SELECT id FROM ledger_accounts WHERE kind = 'user_debt' AND user_id = $1 FOR UPDATE`, [userId]);
  return balancesOf(manager, userId);
}

/** What the user owes after chargebacks, in cents (0 when nothing). */
export async function owedBy(manager: Pick<EntityManager, 'query'>, userId: string): Promise<bigint> {
  return (await balancesOf(manager, userId)).owed;
}

/** The user's available balance in cents (0 before their first movement). */
export async function availableBalance(manager: Pick<EntityManager, 'query'>, userId: string): Promise<bigint> {
  const [row] = (await manager.query(`SELECT balance FROM ledger_accounts WHERE kind = 'user_available' AND user_id = $1`, [userId])) as Array<{
    balance: string;
  }>;
  return row ? BigInt(row.balance) : 0n;
}

/** What a buy order's reserve holds in cents (0 once filled or cancelled). */
export async function reserveBalance(manager: Pick<EntityManager, 'query'>, buyOrderId: string): Promise<bigint> {
  const [row] = (await manager.query(`SELECT balance FROM ledger_accounts WHERE kind = 'buy_order_reserve' AND buy_order_id = $1`, [buyOrderId])) as Array<{
    balance: string;
  }>;
  return row ? BigInt(row.balance) : 0n;
}

/** What an order's escrow holds in cents (0 before its purchase). */
export async function escrowBalance(manager: Pick<EntityManager, 'query'>, orderId: string): Promise<bigint> {
  const [row] = (await manager.query(`SELECT balance FROM ledger_accounts WHERE kind = 'order_escrow' AND order_id = $1`, [orderId])) as Array<{
    balance: string;
  }>;
  return row ? BigInt(row.balance) : 0n;
}
