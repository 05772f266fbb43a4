/**
 * The periodic ledger check, on a database of its own: it is broken on purpose here, which the
 * file's database must never be, as every test's ledger is checked there. Zero on a sound ledger
 * after real deposits and purchases, the exact breach per invariant once entries or balances are
 * tampered with, each result stored (the last ones kept) and a breach logged at error level.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneDatabase } from '../test/database';
import { capturedLogger } from '../test/capturedLog';
import { buildListing, uniqueToken } from '../test/factories';
import { buy, signInBuyer } from '../test/selling';
import { startTestApp, type TestApp } from '../test/testApp';
import { checkLedgerInvariants, latestLedgerCheck } from './invariantCheck';

let database: { url: string; drop(): Promise<void> };
let app: TestApp;
beforeAll(async () => {
  database = await cloneDatabase();
  app = await startTestApp({ databaseUrl: database.url, env: { DATABASE_URL: database.url } });
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

const NO_BREACH = { count: 0, cents: '0', ids: [] };

async function storedChecks(): Promise<Array<{ id: string; imbalance: string }>> {
  return app.services.dataSource.query('SELECT id::text, imbalance_cents::text AS imbalance FROM ledger_invariant_checks ORDER BY id');
}

describe('the ledger invariant check', () => {
  it('reports 0 on a sound ledger, stores the result and logs no error', async () => {
    const buyer = await signInBuyer(app, '100.00');
    const listing = await buildListing(app.services.dataSource, { token: uniqueToken(), priceCents: 1234n });
    await buy(app, buyer, listing.id);
    const log = capturedLogger();

    const check = await checkLedgerInvariants(app.services.dataSource, log.logger);
    expect(check.imbalanceCents).toBe(0n);
    expect(check.details).toEqual({ total: '0', unbalancedTransactions: NO_BREACH, wrongSignBalances: NO_BREACH, driftedBalances: NO_BREACH });
    expect(await latestLedgerCheck(app.services.dataSource)).toEqual({ checkedAt: check.checkedAt, imbalanceCents: 0n });
    expect(log.lines()).toEqual([]);
  });

  it('reports each breach in cents, and logs it at error level', async () => {
    const db = app.services.dataSource;
    const [buyerAccount] = (await db.query(
      `SELECT a.id, a.user_id FROM ledger_accounts a JOIN ledger_entries e ON e.account_id = a.id WHERE a.kind = 'user_available' LIMIT 1`,
    )) as Array<{ id: string; user_id: string }>;
    const log = capturedLogger();

    // A transaction of one 7.00 leg, past the trigger that refuses it at commit.
    await db.query('ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_balanced');
    const [transaction] = (await db.query(
      `INSERT INTO ledger_transactions (kind, description, reference) VALUES ('deposit', 'tampered', 'tampered:one-leg') RETURNING id`,
    )) as Array<{ id: string }>;
    await db.query(`INSERT INTO ledger_entries (transaction_id, account_id, amount) SELECT $1, id, 700 FROM ledger_accounts WHERE kind = 'platform_fees'`, [
      transaction!.id,
    ]);
    const unbalanced = await checkLedgerInvariants(db, log.logger);
    expect(unbalanced.imbalanceCents).toBe(1400n);
    expect(unbalanced.details).toEqual({
      total: '700',
      unbalancedTransactions: { count: 1, cents: '700', ids: [transaction!.id] },
      wrongSignBalances: NO_BREACH,
      driftedBalances: NO_BREACH,
    });

    // A balance moved without an entry, and one below zero (past its CHECK constraint).
    await db.query('UPDATE ledger_accounts SET balance = balance + 25 WHERE id = $1', [buyerAccount!.id]);
    await db.query('ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_available_not_negative');
    const [seller] = (await db.query(`SELECT seller_id FROM listings LIMIT 1`)) as Array<{ seller_id: string }>;
    const [negative] = (await db.query(`INSERT INTO ledger_accounts (kind, user_id, balance) VALUES ('user_available', $1, -40) RETURNING id`, [
      seller!.seller_id,
    ])) as Array<{ id: string }>;
    const broken = await checkLedgerInvariants(db, log.logger);
    expect(broken.details).toEqual({
      total: '700',
      unbalancedTransactions: { count: 1, cents: '700', ids: [transaction!.id] },
      wrongSignBalances: { count: 1, cents: '40', ids: [negative!.id] },
      driftedBalances: { count: 2, cents: '65', ids: [negative!.id, buyerAccount!.id] },
    });
    expect(broken.imbalanceCents).toBe(700n + 700n + 40n + 65n);

    expect(log.lines()).toEqual([
      expect.objectContaining({ level: 50, msg: 'ledger invariants broken', imbalanceCents: '1400' }),
      expect.objectContaining({ level: 50, msg: 'ledger invariants broken', imbalanceCents: '1505', details: broken.details }),
    ]);
    expect((await storedChecks()).slice(-2).map((row) => row.imbalance)).toEqual(['1400', '1505']);
    expect(await latestLedgerCheck(db)).toEqual({ checkedAt: broken.checkedAt, imbalanceCents: 1505n });
  });

  it('keeps only the last checks', async () => {
    const { logger } = capturedLogger();
    for (let i = 0; i < 4; i++) await checkLedgerInvariants(app.services.dataSource, logger, { keep: 3 });
    const before = await storedChecks();
    expect(before).toHaveLength(3);
    await checkLedgerInvariants(app.services.dataSource, logger, { keep: 3 });
    const after = await storedChecks();
    expect(after.map((row) => row.id)).toEqual([...before.slice(1).map((row) => row.id), after[2]!.id]);
    expect(BigInt(after[2]!.id)).toBeGreaterThan(BigInt(before[2]!.id));
  });
});
