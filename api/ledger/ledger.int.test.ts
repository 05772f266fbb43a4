import { randomUUID } from 'node:crypto';
import { type EntityManager } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, uniqueSteamId } from '../test/signIn';
import { startTestApp, type TestApp } from '../test/testApp';
import { availableBalance, DuplicatePostingError, InsufficientFundsError, post } from './ledger';
import { creditDeposit, payoutWithFee, purchaseToEscrow, refundFromEscrow } from './postings';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

async function newUserId(): Promise<string> {
  const steamId = uniqueSteamId();
  await signIn(app, steamId);
  const [row] = await app.services.dataSource.query('SELECT id FROM users WHERE steam_id = $1', [steamId]);
  return row.id as string;
}

const tx = <T>(work: (manager: EntityManager) => Promise<T>) => app.services.dataSource.transaction(work);

const systemBalance = async (kind: string) =>
  BigInt((await app.services.dataSource.query('SELECT balance::text AS b FROM ledger_accounts WHERE kind = $1 AND user_id IS NULL', [kind]))[0].b);

describe('the purchase, payout and refund movements', () => {
  it('moves a purchase into escrow and pays the seller 97% with the fee to the platform', async () => {
    const [buyer, seller] = [await newUserId(), await newUserId()];
    await tx((manager) => creditDeposit(manager, { userId: buyer, cents: 10_000n, depositId: randomUUID(), description: 'test deposit' }));
    const escrowBefore = await systemBalance('order_escrow');
    const feesBefore = await systemBalance('platform_fees');
    const listingId = randomUUID();
    const orderId = randomUUID();
    await tx((manager) => purchaseToEscrow(manager, { buyerId: buyer, cents: 1_250n, orderId, description: 'Purchase' }));
    expect(await availableBalance(app.services.dataSource.manager, buyer)).toBe(8_750n);
    expect((await systemBalance('order_escrow')) - escrowBefore).toBe(1_250n);

    await tx((manager) => payoutWithFee(manager, { sellerId: seller, priceCents: 1_250n, listingId, orderId, description: 'Sale' }));
    // 3% of $12.50 is 37.5 cents: rounded half up to 38.
    expect(await availableBalance(app.services.dataSource.manager, seller)).toBe(1_212n);
    expect((await systemBalance('platform_fees')) - feesBefore).toBe(38n);
    expect(await systemBalance('order_escrow')).toBe(escrowBefore);
    // The same listing is never paid twice.
    await expect(tx((manager) => payoutWithFee(manager, { sellerId: seller, priceCents: 1_250n, listingId, orderId, description: 'Sale' }))).rejects.toBeInstanceOf(
      DuplicatePostingError,
    );
  });

  it('refunds from escrow to the buyer', async () => {
    const buyer = await newUserId();
    await tx((manager) => creditDeposit(manager, { userId: buyer, cents: 5_000n, depositId: randomUUID(), description: 'test deposit' }));
    const orderId = randomUUID();
    await tx((manager) => purchaseToEscrow(manager, { buyerId: buyer, cents: 2_000n, orderId, description: 'Purchase' }));
    await tx((manager) => refundFromEscrow(manager, { buyerId: buyer, cents: 2_000n, orderId, reference: randomUUID(), description: 'Refund' }));
    expect(await availableBalance(app.services.dataSource.manager, buyer)).toBe(5_000n);
  });

  it('refuses a purchase the balance does not cover', async () => {
    const buyer = await newUserId();
    await tx((manager) => creditDeposit(manager, { userId: buyer, cents: 1_000n, depositId: randomUUID(), description: 'test deposit' }));
    await expect(
      tx((manager) => purchaseToEscrow(manager, { buyerId: buyer, cents: 1_001n, orderId: randomUUID(), description: 'Purchase' })),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    expect(await availableBalance(app.services.dataSource.manager, buyer)).toBe(1_000n);
  });
});

describe('the database protects the ledger by itself', () => {
  it('keeps an available balance from going negative (CHECK constraint), whatever the code does', async () => {
    const user = await newUserId();
    await tx((manager) => creditDeposit(manager, { userId: user, cents: 500n, depositId: randomUUID(), description: 'test deposit' }));
    await expect(app.services.dataSource.query(`UPDATE ledger_accounts SET balance = -1 WHERE kind = 'user_available' AND user_id = $1`, [user])).rejects.toThrow(
      /ledger_accounts_available_not_negative/,
    );
  });

  it('refuses to change or delete ledger entries and transactions', async () => {
    await expect(app.services.dataSource.query('UPDATE ledger_entries SET amount = amount + 1')).rejects.toThrow(/immutable/);
    await expect(app.services.dataSource.query('DELETE FROM ledger_transactions')).rejects.toThrow(/immutable/);
  });

  it('refuses at commit a transaction whose entries do not sum to zero', async () => {
    const user = await newUserId();
    await expect(
      tx(async (manager) => {
        const [t] = await manager.query(`INSERT INTO ledger_transactions (kind, description, reference) VALUES ('deposit', 'forged', $1) RETURNING id`, [
          `forged:${randomUUID()}`,
        ]);
        const [account] = await manager.query(
          `INSERT INTO ledger_accounts (kind, user_id, balance) VALUES ('user_available', $1, 100) ON CONFLICT DO NOTHING RETURNING id`,
          [user],
        );
        await manager.query('INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after) VALUES ($1, $2, 100, 100)', [t.id, account.id]);
      }),
    ).rejects.toThrow(/does not sum to zero/);
  });

  it('refuses unbalanced or empty postings in code before touching the database', async () => {
    const user = await newUserId();
    await expect(
      tx((manager) => post(manager, { kind: 'deposit', description: 'x', reference: randomUUID(), legs: [{ account: { user }, amount: 5n }, { account: { system: 'external' }, amount: -4n }] })),
    ).rejects.toThrow(/sum to zero/);
    await expect(tx((manager) => post(manager, { kind: 'deposit', description: 'x', reference: randomUUID(), legs: [{ account: { user }, amount: 0n }, { account: { system: 'external' }, amount: 0n }] }))).rejects.toThrow(
      /cannot be zero/,
    );
  });
});
