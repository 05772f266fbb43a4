/**
 * The console's read side of users: search, and one user's record (balance, recent ledger entries,
 * listings, orders, withdrawals and masked payment methods). Reads only; freezing is
 * commands/accountFreezer.ts. Nothing here decrypts: payment methods and withdrawals carry their
 * masked forms.
 */
import { type DataSource, In } from 'typeorm';
import { Listing, Order, type PaymentMethod, User, Withdrawal } from '../entities';
import { availableBalance } from '../ledger/ledger';
import { statementOf, type StatementEntry } from '../ledger/statement';
import { paymentMethodsOf } from '../wallet/paymentMethods';

/** Search answers and each list of a user's record hold at most this many (the newest). */
export const STAFF_LIST_LIMIT = 50;

export interface UserWithBalance {
  user: User;
  balanceCents: bigint;
}

/** `%`, `_` and `\` stand for themselves in the LIKE pattern built from a search. */
const likeLiteral = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * Users matching `q`, exact matches first, then newest first: a SteamID64 (exact), a deposit
 * reference (exact, any case), an e-mail (exact, any case) or part of the display or Steam name (any
 * case). Each kind is its own branch of a UNION so each can use its own index:
 * - steam_id and deposit_reference: their unique indexes (references are stored upper case);
 * - e-mail: users_email_lower_idx;
 * - names: users_names_trgm_idx (pg_trgm serves the substring LIKE), stopping at the limit.
 */
export async function searchUsers(dataSource: DataSource, q: string): Promise<UserWithBalance[]> {
  const rows = (await dataSource.query(
    `SELECT id FROM (
       SELECT id, 0 AS rank, created_at FROM users WHERE steam_id = $1
       UNION ALL SELECT id, 1, created_at FROM users WHERE deposit_reference = upper($1)
       UNION ALL SELECT id, 2, created_at FROM users WHERE lower(email) = lower($1)
       UNION ALL (SELECT id, 3, created_at FROM users WHERE lower(display_name) LIKE $2 OR lower(username) LIKE $2
                  ORDER BY created_at DESC LIMIT $3)
     ) AS matches
     GROUP BY id
     ORDER BY min(rank), max(created_at) DESC, id
     LIMIT $3`,
    [q, `%${likeLiteral(q.toLowerCase())}%`, STAFF_LIST_LIMIT],
  )) as Array<{ id: string }>;
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const users = new Map((await dataSource.getRepository(User).findBy({ id: In(ids) })).map((user) => [user.id, user]));
  const balances = (await dataSource.query(`SELECT user_id, balance::text AS balance FROM ledger_accounts WHERE kind = 'user_available' AND user_id = ANY($1::uuid[])`, [
    ids,
  ])) as Array<{ user_id: string; balance: string }>;
  const balanceOf = new Map(balances.map((row) => [row.user_id, BigInt(row.balance)]));
  return ids.map((id) => ({ user: users.get(id)!, balanceCents: balanceOf.get(id) ?? 0n }));
}

/** An order in a user's record: its items counted and their state summed up. */
export interface OrderSummary {
  order: Order;
  items: number;
  /** `refunded` (every item), `completed` (every item delivered or refunded), `sending` (one is on its way), else `in_progress`. */
  status: 'refunded' | 'completed' | 'sending' | 'in_progress';
}

export interface UserRecord extends UserWithBalance {
  ledger: StatementEntry[];
  listings: Listing[];
  orders: OrderSummary[];
  withdrawals: Withdrawal[];
  paymentMethods: PaymentMethod[];
}

/** Orders' item counts and states, in one aggregate over order_items_order_idx. */
async function summarizeOrders(dataSource: DataSource, orders: Order[]): Promise<OrderSummary[]> {
  if (orders.length === 0) return [];
  const rows = (await dataSource.query(
    `SELECT order_id, count(*)::int AS items, count(refunded_at)::int AS refunded,
            count(*) FILTER (WHERE status = 'delivered' OR refunded_at IS NOT NULL)::int AS settled,
            bool_or(status = 'sending' AND refunded_at IS NULL) AS sending
     FROM order_items WHERE order_id = ANY($1::uuid[]) GROUP BY order_id`,
    [orders.map((order) => order.id)],
  )) as Array<{ order_id: string; items: number; refunded: number; settled: number; sending: boolean }>;
  const byOrder = new Map(rows.map((row) => [row.order_id, row]));
  return orders.map((order) => {
    const row = byOrder.get(order.id) ?? { items: 0, refunded: 0, settled: 0, sending: false };
    const status = row.items > 0 && row.refunded === row.items ? 'refunded' : row.settled === row.items ? 'completed' : row.sending ? 'sending' : 'in_progress';
    return { order, items: row.items, status };
  });
}

/** The user's record, or null for an unknown id; each list newest first, on its user index. */
export async function userRecord(dataSource: DataSource, userId: string): Promise<UserRecord | null> {
  const user = await dataSource.getRepository(User).findOneBy({ id: userId });
  if (!user) return null;
  const newest = { order: { createdAt: 'DESC', id: 'DESC' }, take: STAFF_LIST_LIMIT } as const;
  const [balanceCents, ledger, listings, orders, withdrawals, paymentMethods] = await Promise.all([
    availableBalance(dataSource, userId),
    statementOf(dataSource, userId, { limit: STAFF_LIST_LIMIT, beforeId: null }),
    dataSource.getRepository(Listing).find({ where: { sellerId: userId }, ...newest }),
    dataSource.getRepository(Order).find({ where: { buyerId: userId }, ...newest }),
    dataSource.getRepository(Withdrawal).find({ where: { userId }, ...newest }),
    paymentMethodsOf(dataSource, userId),
  ]);
  return { user, balanceCents, ledger, listings, orders: await summarizeOrders(dataSource, orders), withdrawals, paymentMethods };
}
