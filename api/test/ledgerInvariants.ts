/**
 * The ledger's invariants, checked against the database after wallet scenarios: every transaction
 * sums to zero, all accounts together sum to zero, no available balance is negative, and each
 * account's balance equals the sum of its entries.
 */
import { expect } from 'vitest';
import { type DataSource } from 'typeorm';

export async function expectLedgerInvariants(dataSource: DataSource): Promise<void> {
  const unbalanced = await dataSource.query('SELECT transaction_id FROM ledger_entries GROUP BY transaction_id HAVING sum(amount) <> 0');
  expect(unbalanced, 'transactions whose entries do not sum to zero').toEqual([]);
  const [sum] = (await dataSource.query('SELECT COALESCE(sum(balance), 0)::text AS total FROM ledger_accounts')) as Array<{ total: string }>;
  expect(sum?.total, 'sum of all account balances').toBe('0');
  const negative = await dataSource.query(`SELECT id FROM ledger_accounts WHERE kind = 'user_available' AND balance < 0`);
  expect(negative, 'available balances below zero').toEqual([]);
  const drifted = await dataSource.query(
    `SELECT a.id FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
     GROUP BY a.id, a.balance HAVING a.balance <> COALESCE(sum(e.amount), 0)`,
  );
  expect(drifted, 'accounts whose balance differs from their entries').toEqual([]);
  const lastBalances = await dataSource.query(
    `SELECT a.id FROM ledger_accounts a
     JOIN LATERAL (SELECT balance_after FROM ledger_entries WHERE account_id = a.id ORDER BY id DESC LIMIT 1) last ON true
     WHERE last.balance_after <> a.balance`,
  );
  expect(lastBalances, "accounts whose last entry's balance_after is not their balance").toEqual([]);
}
