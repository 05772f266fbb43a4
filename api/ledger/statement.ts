/**
 * A user's statement: the entries of their available-balance account, newest first, with the
 * balance after each. Keyset-paginated on the entry id (entries are append-only with increasing
 * ids, so the id alone orders them). Paid-out withdrawals do not appear twice: paying moves
 * pending money out, not the user's.
 */
import { type EntityManager } from 'typeorm';
import { type LedgerKind } from '../../shared/schemas/wallet';

export interface StatementEntry {
  /** The entry's bigserial id, as a decimal string. */
  id: string;
  kind: LedgerKind;
  description: string;
  /** Signed cents: positive credits the user, negative debits them. */
  amount: bigint;
  balanceAfter: bigint;
  createdAt: Date;
}

/** Up to `limit` entries older than entry `beforeId` (or the newest when null). */
export async function statementOf(
  manager: Pick<EntityManager, 'query'>,
  userId: string,
  page: { limit: number; beforeId: string | null },
): Promise<StatementEntry[]> {
  const rows = (await manager.query(
    `SELECT e.id::text AS id, t.kind, t.description, e.amount::text AS amount, e.balance_after::text AS balance_after, e.created_at
     FROM ledger_accounts a
     JOIN ledger_entries e ON e.account_id = a.id
     JOIN ledger_transactions t ON t.id = e.transaction_id
     WHERE a.kind = 'user_available' AND a.user_id = $1 AND ($2::bigint IS NULL OR e.id < $2::bigint)
     ORDER BY e.id DESC LIMIT $3`,
    [userId, page.beforeId, page.limit],
  )) as Array<{ id: string; kind: LedgerKind; description: string; amount: string; balance_after: string; created_at: Date }>;
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    description: row.description,
    amount: BigInt(row.amount),
    balanceAfter: BigInt(row.balance_after),
    createdAt: row.created_at,
  }));
}
