/**
 * The ledger's invariants, checked against the database after every integration test: every
 * transaction sums to zero and so do all entries together; accounts with running balances (users'
 * available balances and debts, orders' escrows, buy orders' reserves) hold exactly the sum of
 * their entries, their last entry's balance_after, and never less than zero (a debt never more than
 * zero); a user who owes has nothing available (credits repay the debt first); the platform's
 * accounts keep no running balance; every order's escrow holds exactly the prices of its unsettled
 * items (zero once all are settled); every buy order's reserve holds its price for each unit still
 * wanted (zero once closed); and each deposit's reversed amount is exactly what its chargebacks
 * took back.
 */
import { expect } from 'vitest';
import { type DataSource } from 'typeorm';

export async function expectLedgerInvariants(dataSource: DataSource): Promise<void> {
  const unbalanced = await dataSource.query('SELECT transaction_id FROM ledger_entries GROUP BY transaction_id HAVING sum(amount) <> 0');
  expect(unbalanced, 'transactions whose entries do not sum to zero').toEqual([]);
  const [sum] = (await dataSource.query('SELECT COALESCE(sum(amount), 0)::text AS total FROM ledger_entries')) as Array<{ total: string }>;
  expect(sum?.total, 'sum of all ledger entries').toBe('0');
  const negative = await dataSource.query(`SELECT id, kind FROM ledger_accounts WHERE kind IN ('user_available', 'order_escrow', 'buy_order_reserve') AND balance < 0`);
  expect(negative, 'available balances, escrows or buy order reserves below zero').toEqual([]);
  const positiveDebts = await dataSource.query(`SELECT id FROM ledger_accounts WHERE kind = 'user_debt' AND balance > 0`);
  expect(positiveDebts, 'debt accounts above zero (repaid more than was owed)').toEqual([]);
  const owingWithMoney = await dataSource.query(
    `SELECT d.user_id FROM ledger_accounts d JOIN ledger_accounts a ON a.user_id = d.user_id AND a.kind = 'user_available'
     WHERE d.kind = 'user_debt' AND d.balance < 0 AND a.balance > 0`,
  );
  expect(owingWithMoney, 'users who owe yet have an available balance (a credit that did not repay the debt)').toEqual([]);
  const drifted = await dataSource.query(
    `SELECT a.id, a.kind FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
     WHERE a.kind IN ('user_available', 'user_debt', 'order_escrow', 'buy_order_reserve')
     GROUP BY a.id, a.kind, a.balance HAVING a.balance IS DISTINCT FROM COALESCE(sum(e.amount), 0)`,
  );
  expect(drifted, 'accounts whose balance differs from their entries').toEqual([]);
  const lastBalances = await dataSource.query(
    `SELECT a.id FROM ledger_accounts a
     JOIN LATERAL (SELECT balance_after FROM ledger_entries WHERE account_id = a.id ORDER BY id DESC LIMIT 1) last ON true
     WHERE a.kind IN ('user_available', 'user_debt', 'order_escrow', 'buy_order_reserve') AND last.balance_after IS DISTINCT FROM a.balance`,
  );
  expect(lastBalances, "accounts whose last entry's balance_after is not their balance").toEqual([]);
  const platformBalances = await dataSource.query(
    `SELECT id, kind FROM ledger_accounts WHERE kind NOT IN ('user_available', 'user_debt', 'order_escrow', 'buy_order_reserve') AND balance IS NOT NULL`,
  );
  expect(platformBalances, 'platform accounts with a running balance (a hot row)').toEqual([]);
  await expectEscrowMatchesOrders(dataSource);
  await expectReservesMatchBuyOrders(dataSource);
  await expectReversalsMatchChargebacks(dataSource);
}

/**
 * A buy order's reserve holds exactly its price for each unit still wanted while it is open, and
 * nothing once filled or cancelled; and each unit it filled is one order item linked to it.
 */
async function expectReservesMatchBuyOrders(dataSource: DataSource): Promise<void> {
  const mismatched = await dataSource.query(
    `SELECT b.id, b.status, b.filled, a.balance::text AS reserve,
            (SELECT count(*)::int FROM order_items i WHERE i.buy_order_id = b.id) AS items
     FROM buy_orders b LEFT JOIN ledger_accounts a ON a.kind = 'buy_order_reserve' AND a.buy_order_id = b.id
     WHERE COALESCE(a.balance, 0) <> CASE WHEN b.status = 'open' THEN b.price_cents * (b.quantity - b.filled) ELSE 0 END
        OR b.filled <> (SELECT count(*) FROM order_items i WHERE i.buy_order_id = b.id)`,
  );
  expect(mismatched, "buy orders whose reserve is not price × remaining, or whose fills are not their order items").toEqual([]);
}

/**
 * A deposit's `reversed_cents` is exactly what its chargeback postings (`chargeback:<deposit>:<event>`)
 * returned to the outside world, less what won disputes brought back (`chargeback-reversal:<deposit>:<event>`).
 */
async function expectReversalsMatchChargebacks(dataSource: DataSource): Promise<void> {
  const mismatched = await dataSource.query(
    `SELECT d.id, d.reversed_cents::text AS reversed, COALESCE(c.cents, 0)::text AS charged_back
     FROM deposits d
     LEFT JOIN (
       SELECT split_part(t.reference, ':', 2) AS deposit_id, sum(e.amount) AS cents
       FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id JOIN ledger_accounts a ON a.id = e.account_id
       WHERE t.kind IN ('chargeback', 'chargeback_reversal') AND a.kind = 'external'
       GROUP BY 1
     ) c ON c.deposit_id = d.id::text
     WHERE d.reversed_cents <> COALESCE(c.cents, 0)`,
  );
  expect(mismatched, 'deposits whose reversed amount differs from their chargebacks').toEqual([]);
}

/**
 * Orders and their escrow agree: an order's total is the sum of its items' prices; its escrow holds
 * exactly the prices of the items still unsettled (awaiting hold or being sent, not refunded), so a
 * fully settled order's escrow is zero; a delivered item was paid out once and never refunded, a
 * refunded item was refunded once and never paid out. (Orders without items are ledger-only test
 * fixtures and are left out.)
 */
async function expectEscrowMatchesOrders(dataSource: DataSource): Promise<void> {
  const mismatched = await dataSource.query(
    `SELECT o.id, o.total_cents::text AS total, a.balance::text AS escrow,
            sum(i.price_cents)::text AS items,
            (sum(i.price_cents) FILTER (WHERE i.status IN ('awaiting_hold', 'sending') AND i.refunded_at IS NULL))::text AS unsettled
     FROM orders o JOIN order_items i ON i.order_id = o.id
     LEFT JOIN ledger_accounts a ON a.kind = 'order_escrow' AND a.order_id = o.id
     GROUP BY o.id, o.total_cents, a.balance
     HAVING o.total_cents <> sum(i.price_cents)
         OR COALESCE(a.balance, 0) <> COALESCE(sum(i.price_cents) FILTER (WHERE i.status IN ('awaiting_hold', 'sending') AND i.refunded_at IS NULL), 0)`,
  );
  expect(mismatched, "orders whose escrow is not exactly their unsettled items' prices").toEqual([]);
  const badSettlements = await dataSource.query(
    `SELECT i.id, i.status, i.refunded_at IS NOT NULL AS refunded,
            (SELECT count(*)::int FROM ledger_transactions t WHERE t.reference = 'refund:order-item:' || i.id) AS refunds,
            (SELECT count(*)::int FROM ledger_transactions t WHERE t.reference = 'payout:' || i.listing_id) AS payouts
     FROM order_items i
     WHERE (i.status = 'delivered' AND (i.refunded_at IS NOT NULL
              OR (SELECT count(*) FROM ledger_transactions t WHERE t.reference = 'payout:' || i.listing_id) <> 1))
        OR ((i.refunded_at IS NOT NULL) <> (i.status = 'failed'))
        OR ((i.refunded_at IS NOT NULL) <> EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.reference = 'refund:order-item:' || i.id))`,
  );
  expect(badSettlements, 'order items paid out and refunded, or settled without their posting').toEqual([]);
}
