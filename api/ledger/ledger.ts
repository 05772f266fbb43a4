/**
 * The double-entry ledger. Every money movement is one ledger transaction whose entries sum to
 * zero; each entry records the account's balance after it. Accounts are locked in a fixed order
 * (by id) so concurrent movements never deadlock on each other, and a user's available balance is
 * kept from going negative by a CHECK constraint: an overdraft fails in the database itself.
 */
import { type EntityManager } from 'typeorm';
import { type LedgerKind } from '../../shared/schemas/wallet';
import { sqlState } from '../db/transaction';

export type SystemAccountKind = 'withdrawals_pending' | 'order_escrow' | 'platform_fees' | 'external';

export type AccountRef = { user: string } | { system: SystemAccountKind };

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

export class DuplicatePostingError extends Error {
  constructor(reference: string) {
    super(`Ledger posting ${reference} already exists`);
    this.name = 'DuplicatePostingError';
  }
}

/** The id of the user's available-balance account, created on first use. */
export async function userAccountId(manager: EntityManager, userId: string): Promise<string> {
  const [created] = (await manager.query(
    `INSERT INTO ledger_accounts (kind, user_id) VALUES ('user_available', $1)
     ON CONFLICT (user_id) WHERE kind = 'user_available' DO NOTHING RETURNING id`,
    [userId],
  )) as Array<{ id: string }>;
  if (created) return created.id;
  const [existing] = (await manager.query(`SELECT id FROM ledger_accounts WHERE kind = 'user_available' AND user_id = $1`, [userId])) as Array<{
    id: string;
  }>;
  return existing!.id;
}

async function accountId(manager: EntityManager, ref: AccountRef): Promise<string> {
  if ('user' in ref) return userAccountId(manager, ref.user);
  const [row] = (await manager.query('SELECT id FROM ledger_accounts WHERE kind = $1 AND user_id IS NULL', [ref.system])) as Array<{ id: string }>;
  return row!.id;
}

/** Writes one balanced ledger transaction inside the caller's database transaction. */
export async function post(manager: EntityManager, posting: Posting): Promise<{ transactionId: string }> {
  if (posting.legs.length < 2) throw new Error('a ledger transaction needs at least two legs');
  if (posting.legs.some((leg) => leg.amount === 0n)) throw new Error('a ledger leg cannot be zero');
  if (posting.legs.reduce((sum, leg) => sum + leg.amount, 0n) !== 0n) throw new Error('ledger legs must sum to zero');

  const legs = await Promise.all(posting.legs.map(async (leg) => ({ id: await accountId(manager, leg.account), amount: leg.amount })));
  const ids = [...new Set(legs.map((leg) => leg.id))].sort();
  await manager.query('SELECT id FROM ledger_accounts WHERE id = ANY($1) ORDER BY id FOR UPDATE', [ids]);

  const [transaction] = (await manager.query(
    `INSERT INTO ledger_transactions (kind, description, reference) VALUES ($1, $2, $3)
     ON CONFLICT (reference) DO NOTHING RETURNING id`,
    [posting.kind, posting.description, posting.reference],
  )) as Array<{ id: string }>;
  if (!transaction) throw new DuplicatePostingError(posting.reference);

  for (const leg of legs) {
    let balanceAfter: bigint;
    try {
      const [row] = (await manager.query(
        // A CTE so the driver returns the row (a bare UPDATE answers [rows, count]).
        'WITH changed AS (UPDATE ledger_accounts SET balance = balance + $1 WHERE id = $2 RETURNING balance) SELECT balance FROM changed',
        [leg.amount.toString(), leg.id],
      )) as Array<{ balance: string }>;
      balanceAfter = BigInt(row!.balance);
    } catch (error) {
      if (sqlState(error) === '23514') throw new InsufficientFundsError();
      throw error;
    }
    await manager.query('INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after) VALUES ($1, $2, $3, $4)', [
      transaction.id,
      leg.id,
      leg.amount.toString(),
      balanceAfter.toString(),
    ]);
  }
  return { transactionId: transaction.id };
}

/** The user's available balance in cents (0 before their first movement). */
export async function availableBalance(manager: Pick<EntityManager, 'query'>, userId: string): Promise<bigint> {
  const [row] = (await manager.query(`SELECT balance FROM ledger_accounts WHERE kind = 'user_available' AND user_id = $1`, [userId])) as Array<{
    balance: string;
  }>;
  return row ? BigInt(row.balance) : 0n;
}
