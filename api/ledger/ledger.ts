/**
 * The double-entry ledger. Every money movement is one ledger transaction whose entries sum to
 * zero. Running balances — and the row locks that keep them — exist only where a constraint needs
 * them (DESIGN.md section 2): each user's available balance, kept from going negative by a CHECK
 * constraint (an overdraft fails in the database itself), and each order's own escrow account
 * (never negative either). Their entries record the balance after them. The platform's accounts
 * (`external`, `withdrawals_pending`, `platform_fees`) are never locked or updated: they receive
 * entries only (balance_after null) and their balance is the sum of those, so no deposit,
 * withdrawal or purchase waits on a shared row. Accounts with balances are locked in a fixed
 * order (by id) so concurrent movements never deadlock on each other.
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

/** A user's available balance or debt (by user id), an order's escrow (by order id), or a platform account. */
export type AccountRef = { user: string } | { debt: string } | { escrow: string } | { system: SystemAccountKind };

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

export class DuplicatePostingError extends Error {
  constructor(reference: string) {
    super(`Ledger posting ${reference} already exists`);
    this.name = 'DuplicatePostingError';
  }
}

/** The id of an owned account (a user's balance or debt, an order's escrow), created on first use. */
async function ownedAccountId(manager: EntityManager, kind: 'user_available' | 'user_debt' | 'order_escrow', ownerId: string): Promise<string> {
  // The owner column follows from the kind (fixed literals, never input).
  const owner = kind === 'order_escrow' ? 'order_id' : 'user_id';
  const [created] = (await manager.query(
    `INSERT INTO ledger_accounts (kind, ${owner}) VALUES ($1, $2)
     ON CONFLICT (${owner}) WHERE kind = '${kind}' DO NOTHING RETURNING id`,
    [kind, ownerId],
  )) as Array<{ id: string }>;
  if (created) return created.id;
  const [existing] = (await manager.query(`SELECT id FROM ledger_accounts WHERE kind = $1 AND ${owner} = $2`, [kind, ownerId])) as Array<{ id: string }>;
  return existing!.id;
}

/** The id of the user's available-balance account, created on first use. */
export const userAccountId = (manager: EntityManager, userId: string) => ownedAccountId(manager, 'user_available', userId);

/** The id of the order's escrow account, created on first use (by the purchase that fills it). */
export const escrowAccountId = (manager: EntityManager, orderId: string) => ownedAccountId(manager, 'order_escrow', orderId);

interface ResolvedLeg {
  id: string;
  amount: bigint;
  /** Whether the account keeps a running balance (and is locked and updated). */
  running: boolean;
  /** The user whose available balance (`available`) or debt (`debt`) this is. */
  user?: { id: string; account: 'available' | 'debt' };
}

async function resolve(manager: EntityManager, leg: Leg): Promise<ResolvedLeg> {
  const { account, amount } = leg;
  if ('user' in account) return { id: await userAccountId(manager, account.user), amount, running: true, user: { id: account.user, account: 'available' } };
  if ('debt' in account) {
    return { id: await ownedAccountId(manager, 'user_debt', account.debt), amount, running: true, user: { id: account.debt, account: 'debt' } };
  }
  if ('escrow' in account) return { id: await escrowAccountId(manager, account.escrow), amount, running: true };
  // A plain read of a row nobody updates: no lock, no wait.
  const [row] = (await manager.query('SELECT id FROM ledger_accounts WHERE kind = $1 AND user_id IS NULL AND order_id IS NULL', [
    account.system,
  ])) as Array<{ id: string }>;
  return { id: row!.id, amount, running: false };
}

/** Writes one balanced ledger transaction inside the caller's database transaction. */
export async function post(manager: EntityManager, posting: Posting): Promise<{ transactionId: string }> {
  if (posting.legs.length < 2) throw new Error('a ledger transaction needs at least two legs');
  if (posting.legs.some((leg) => leg.amount === 0n)) throw new Error('a ledger leg cannot be zero');
  if (posting.legs.reduce((sum, leg) => sum + leg.amount, 0n) !== 0n) throw new Error('ledger legs must sum to zero');

  const legs: ResolvedLeg[] = [];
  for (const leg of posting.legs) legs.push(await resolve(manager, leg));
  const debtors = legs.filter((leg) => leg.user?.account === 'debt').map((leg) => leg.user!.id);
  if (debtors.some((userId) => !legs.some((leg) => leg.user?.id === userId && leg.user.account === 'available'))) {
    throw new Error("a debt moves only against its owner's available balance");
  }
  const lock = async (ids: string[]) => {
    if (ids.length) await manager.query('SELECT id FROM ledger_accounts WHERE id = ANY($1) ORDER BY id FOR UPDATE', [ids]);
  };
  const running = [...new Set(legs.filter((leg) => leg.running).map((leg) => leg.id))];
  const debtLegIds = new Set(legs.filter((leg) => leg.user?.account === 'debt').map((leg) => leg.id));
  await lock(running.filter((id) => !debtLegIds.has(id)));
  // Credits repay what their users owe, unless the posting moves a debt itself. Read with the
  // available balances locked, so no chargeback of these users is in flight.
  const owing = debtors.length ? [] : await debtsOf(manager, creditedUsers(legs));
  // Debt accounts last: whoever locks one holds its owner's available balance already, so no
  // transaction can wait for a debt account while holding an account another one waits for.
  await lock([...debtLegIds, ...owing.map((debt) => debt.id)]);

  const [transaction] = (await manager.query(
    `INSERT INTO ledger_transactions (kind, description, reference) VALUES ($1, $2, $3)
     ON CONFLICT (reference) DO NOTHING RETURNING id`,
    [posting.kind, posting.description, posting.reference],
  )) as Array<{ id: string }>;
  if (!transaction) throw new DuplicatePostingError(posting.reference);

  for (const leg of legs) {
    const balanceAfter = leg.running ? await applyToBalance(manager, leg) : null;
    await manager.query('INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after) VALUES ($1, $2, $3, $4)', [
      transaction.id,
      leg.id,
      leg.amount.toString(),
      balanceAfter?.toString() ?? null,
    ]);
  }
  for (const debt of owing) await repayDebt(manager, { userId: debt.userId, creditTransactionId: transaction.id });
  return { transactionId: transaction.id };
}

/** The users whose available balance the legs credit. */
function creditedUsers(legs: ResolvedLeg[]): string[] {
  return [...new Set(legs.filter((leg) => leg.user?.account === 'available' && leg.amount > 0n).map((leg) => leg.user!.id))];
}

/** The debt accounts of these users that hold a debt. */
async function debtsOf(manager: EntityManager, userIds: string[]): Promise<Array<{ id: string; userId: string }>> {
  if (userIds.length === 0) return [];
  const rows = (await manager.query(
    `SELECT id, user_id FROM ledger_accounts WHERE kind = 'user_debt' AND user_id = ANY($1) AND balance < 0 ORDER BY id`,
    [userIds],
  )) as Array<{ id: string; user_id: string }>;
  return rows.map((row) => ({ id: row.id, userId: row.user_id }));
}

/**
 * After a credit: as much of the user's (locked) available balance as the debt needs moves to the
 * debt account, as a `debt_repayment` transaction of its own.
 */
async function repayDebt(manager: EntityManager, p: { userId: string; creditTransactionId: string }): Promise<void> {
  const { available, owed } = await balancesOf(manager, p.userId);
  const repaid = available < owed ? available : owed;
  if (repaid <= 0n) return;
  await post(manager, {
    kind: 'debt_repayment',
    description: `Repaid ${formatUsd(repaid)} owed after a chargeback${owed > repaid ? ` (${formatUsd(owed - repaid)} still owed)` : ''}`,
    reference: `debt-repayment:${p.creditTransactionId}:${p.userId}`,
    legs: [
      { account: { user: p.userId }, amount: -repaid },
      { account: { debt: p.userId }, amount: repaid },
    ],
  });
}

/** Moves a locked account's running balance; the database's CHECK constraints refuse overdrafts. */
async function applyToBalance(manager: EntityManager, leg: ResolvedLeg): Promise<bigint> {
  try {
    const [row] = (await manager.query(
      // A CTE so the driver returns the row (a bare UPDATE answers [rows, count]).
      'WITH changed AS (UPDATE ledger_accounts SET balance = balance + $1 WHERE id = $2 RETURNING balance) SELECT balance FROM changed',
      [leg.amount.toString(), leg.id],
    )) as Array<{ balance: string }>;
    return BigInt(row!.balance);
  } catch (error) {
    if (sqlState(error) !== '23514') throw error;
    const constraint = (error as { driverError?: { constraint?: string } }).driverError?.constraint;
    if (constraint === 'ledger_accounts_available_not_negative') throw new InsufficientFundsError();
    if (constraint === 'ledger_accounts_escrow_not_negative') throw new EscrowOverdrawnError();
    throw error;
  }
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

/** What an order's escrow holds in cents (0 before its purchase). */
export async function escrowBalance(manager: Pick<EntityManager, 'query'>, orderId: string): Promise<bigint> {
  const [row] = (await manager.query(`SELECT balance FROM ledger_accounts WHERE kind = 'order_escrow' AND order_id = $1`, [orderId])) as Array<{
    balance: string;
  }>;
  return row ? BigInt(row.balance) : 0n;
}
