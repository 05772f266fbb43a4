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
 */
import { type EntityManager } from 'typeorm';
import { type LedgerKind } from '../../shared/schemas/wallet';
import { sqlState } from '../db/transaction';

/** The platform's own accounts: entries only, no running balance. */
export type SystemAccountKind = 'withdrawals_pending' | 'platform_fees' | 'external';

/** A user's available balance, an order's escrow (by order id), or a platform account. */
export type AccountRef = { user: string } | { escrow: string } | { system: SystemAccountKind };

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

/** The id of an owned account (a user's balance, an order's escrow), created on first use. */
async function ownedAccountId(manager: EntityManager, kind: 'user_available' | 'order_escrow', ownerId: string): Promise<string> {
  // The owner column follows from the kind (fixed literals, never input).
  const owner = kind === 'user_available' ? 'user_id' : 'order_id';
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
}

async function resolve(manager: EntityManager, leg: Leg): Promise<ResolvedLeg> {
  const { account, amount } = leg;
  if ('user' in account) return { id: await userAccountId(manager, account.user), amount, running: true };
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
  const locked = [...new Set(legs.filter((leg) => leg.running).map((leg) => leg.id))].sort();
  if (locked.length) await manager.query('SELECT id FROM ledger_accounts WHERE id = ANY($1) ORDER BY id FOR UPDATE', [locked]);

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
  return { transactionId: transaction.id };
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
    throw constraint === 'ledger_accounts_escrow_not_negative' ? new EscrowOverdrawnError() : new InsufficientFundsError();
  }
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
