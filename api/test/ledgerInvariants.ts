/**
 * The ledger's invariants, checked against the database after every integration test: every
 * transaction sums to zero and so do all entries together; accounts with running balances (users'
 * available balances, orders' escrows) hold exactly the sum of their entries, their last entry's
 * balance_after, and never less than zero; the platform's accounts keep no running balance.
 */
import { expect } from 'vitest';
import { type DataSource } from 'typeorm';

export async function expectLedgerInvariants(dataSource: DataSource): Promise<void> {
  const unbalanced = await dataSource.query('SELECT transaction_id FROM ledger_entries GROUP BY transaction_id HAVING sum(amount) <> 0');
  expect(unbalanced, 'transactions whose entries do not sum to zero').toEqual([]);
  const [sum] = (await dataSource.query('SELECT COALESCE(sum(amount), 0)::text AS total FROM ledger_entries')) as Array<{ total: string }>;
  expect(sum?.total, 'sum of all ledger entries').toBe('0');
  const negative = await dataSource.query(`SELECT id, kind FROM ledger_accounts WHERE kind IN ('user_available', 'order_escrow') AND balance < 0`);
  expect(negative, 'available balances or escrows below zero').toEqual([]);
  const drifted = await dataSource.query(
    `SELECT a.id, a.kind FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
     WHERE a.kind IN ('user_available', 'order_escrow')
     GROUP BY a.id, a.kind, a.balance HAVING a.balance IS DISTINCT FROM COALESCE(sum(e.amount), 0)`,
  );
  expect(drifted, 'accounts whose balance differs from their entries').toEqual([]);
  const lastBalances = await dataSource.query(
    `SELECT a.id FROM ledger_accounts a
     JOIN LATERAL (SELECT balance_after FROM ledger_entries WHERE account_id = a.id ORDER BY id DESC LIMIT 1) last ON true
     WHERE a.kind IN ('user_available', 'order_escrow') AND last.balance_after IS DISTINCT FROM a.balance`,
  );
  expect(lastBalances, "accounts whose last entry's balance_after is not their balance").toEqual([]);
  const platformBalances = await dataSource.query(`SELECT id, kind FROM ledger_accounts WHERE kind NOT IN ('user_available', 'order_escrow') AND balance IS NOT NULL`);
  expect(platformBalances, 'platform accounts with a running balance (a hot row)').toEqual([]);
}
