import { randomUUID } from 'node:crypto';
import { type EntityManager } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEmptyOrder, buildUser } from '../test/factories';
import { startTestApp, type TestApp } from '../test/testApp';
import { availableBalance, DuplicatePostingError, escrowBalance, EscrowOverdrawnError, InsufficientFundsError, owedBy, post } from './ledger';
import { chargeBack, creditDeposit, holdWithdrawal, payoutWithFee, purchaseToEscrow, refundFromEscrow, reverseWithdrawal } from './postings';
import { statementOf } from './statement';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const newUserId = async () => (await buildUser(app.services.dataSource)).id;

const tx = <T>(work: (manager: EntityManager) => Promise<T>) => app.services.dataSource.transaction(work);

/** A platform account keeps no running balance: its balance is the sum of its entries. */
const systemBalance = async (kind: string) =>
  BigInt(
    (
      await app.services.dataSource.query(
        `SELECT COALESCE(sum(e.amount), 0)::text AS b FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
         WHERE a.kind = $1 AND a.user_id IS NULL AND a.order_id IS NULL`,
        [kind],
      )
    )[0].b,
  );

/** An order row for `buyerId`, nothing in it (escrow accounts belong to orders; the postings here fill them). */
const newOrderId = async (buyerId: string) => (await buildEmptyOrder(app.services.dataSource, { buyer: { id: buyerId } })).id;

/** A user with `cents` deposited. */
const funded = async (cents: bigint) => (await buildUser(app.services.dataSource, { balanceCents: cents })).id;

describe('the purchase, payout and refund movements', () => {
  it('moves a purchase into escrow and pays the seller 97% with the fee to the platform', async () => {
    const [buyer, seller] = [await funded(10_000n), await newUserId()];
    const feesBefore = await systemBalance('platform_fees');
    const listingId = randomUUID();
    const orderId = await newOrderId(buyer);
    await tx((manager) => purchaseToEscrow(manager, { buyerId: buyer, cents: 1_250n, orderId, description: 'Purchase' }));
    expect(await availableBalance(app.services.dataSource.manager, buyer)).toBe(8_750n);
    expect(await escrowBalance(app.services.dataSource.manager, orderId)).toBe(1_250n);

    await tx((manager) => payoutWithFee(manager, { sellerId: seller, priceCents: 1_250n, listingId, orderId, description: 'Sale' }));
    // 3% of $12.50 is 37.5 cents: rounded half up to 38.
    expect(await availableBalance(app.services.dataSource.manager, seller)).toBe(1_212n);
    expect((await systemBalance('platform_fees')) - feesBefore).toBe(38n);
    expect(await escrowBalance(app.services.dataSource.manager, orderId)).toBe(0n);
    // The same listing is never paid twice.
    await expect(tx((manager) => payoutWithFee(manager, { sellerId: seller, priceCents: 1_250n, listingId, orderId, description: 'Sale' }))).rejects.toBeInstanceOf(
      DuplicatePostingError,
    );
  });

  it('refunds from escrow to the buyer', async () => {
    const buyer = await funded(5_000n);
    const orderId = await newOrderId(buyer);
    await tx((manager) => purchaseToEscrow(manager, { buyerId: buyer, cents: 2_000n, orderId, description: 'Purchase' }));
    await tx((manager) => refundFromEscrow(manager, { buyerId: buyer, cents: 2_000n, orderId, reference: randomUUID(), description: 'Refund' }));
    expect(await availableBalance(app.services.dataSource.manager, buyer)).toBe(5_000n);
    expect(await escrowBalance(app.services.dataSource.manager, orderId)).toBe(0n);
  });

  it('refuses a purchase the balance does not cover', async () => {
    const buyer = await funded(1_000n);
    await expect(
      tx(async (manager) => purchaseToEscrow(manager, { buyerId: buyer, cents: 1_001n, orderId: await newOrderId(buyer), description: 'Purchase' })),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    expect(await availableBalance(app.services.dataSource.manager, buyer)).toBe(1_000n);
  });
});

describe('escrow per order', () => {
  it('keeps each order in its own escrow account, which can never pay out more than it holds', async () => {
    const buyer = await funded(10_000n);
    const seller = await newUserId();
    const [first, second] = [await newOrderId(buyer), await newOrderId(buyer)];
    await tx((manager) => purchaseToEscrow(manager, { buyerId: buyer, cents: 3_000n, orderId: first, description: 'Purchase' }));
    await tx((manager) => purchaseToEscrow(manager, { buyerId: buyer, cents: 1_000n, orderId: second, description: 'Purchase' }));
    expect(await escrowBalance(app.services.dataSource.manager, first)).toBe(3_000n);
    expect(await escrowBalance(app.services.dataSource.manager, second)).toBe(1_000n);
    // The second order's escrow cannot pay for an item of the first order's price.
    await expect(
      tx((manager) => payoutWithFee(manager, { sellerId: seller, priceCents: 3_000n, listingId: randomUUID(), orderId: second, description: 'Sale' })),
    ).rejects.toBeInstanceOf(EscrowOverdrawnError);
    await expect(
      tx((manager) => refundFromEscrow(manager, { buyerId: buyer, cents: 1_001n, orderId: second, reference: randomUUID(), description: 'Refund' })),
    ).rejects.toBeInstanceOf(EscrowOverdrawnError);
    expect(await escrowBalance(app.services.dataSource.manager, second)).toBe(1_000n);
    expect(await availableBalance(app.services.dataSource.manager, seller)).toBe(0n);
  });

  it('refuses a negative escrow in the database itself (CHECK constraint)', async () => {
    const buyer = await funded(1_000n);
    const orderId = await newOrderId(buyer);
    await tx((manager) => purchaseToEscrow(manager, { buyerId: buyer, cents: 500n, orderId, description: 'Purchase' }));
    await expect(
      app.services.dataSource.query(`UPDATE ledger_accounts SET balance = -1 WHERE kind = 'order_escrow' AND order_id = $1`, [orderId]),
    ).rejects.toThrow(/ledger_accounts_escrow_not_negative/);
  });
});

describe('debts after chargebacks', () => {
  const balances = async (userId: string) => ({
    available: await availableBalance(app.services.dataSource.manager, userId),
    owed: await owedBy(app.services.dataSource.manager, userId),
  });
  const chargeBackOf = (userId: string, cents: bigint) =>
    tx((manager) => chargeBack(manager, { userId, cents, reference: randomUUID(), description: 'Chargeback' }));
  const kindsOf = async (userId: string) =>
    (await statementOf(app.services.dataSource, userId, { limit: 100, beforeId: null })).map((entry) => [entry.kind, entry.amount]);

  it('takes what the balance has and records the rest as owed; every kind of credit repays it first', async () => {
    const user = await funded(1_000n);
    expect(await chargeBackOf(user, 3_000n)).toEqual({ shortfall: 2_000n });
    expect(await balances(user)).toEqual({ available: 0n, owed: 2_000n });

    // A sale payout (price 12.50, fee 0.38): all 12.12 goes to the debt.
    const buyer = await funded(10_000n);
    const orderId = await newOrderId(buyer);
    await tx((manager) => purchaseToEscrow(manager, { buyerId: buyer, cents: 1_250n, orderId, description: 'Purchase' }));
    await tx((manager) => payoutWithFee(manager, { sellerId: user, priceCents: 1_250n, listingId: randomUUID(), orderId, description: 'Sale' }));
    expect(await balances(user)).toEqual({ available: 0n, owed: 788n });

    // A refund from an order's escrow, then a rejected withdrawal's return.
    const ownOrder = await newOrderId(user);
    await tx(async (manager) => {
      await creditDeposit(manager, { userId: user, cents: 1_000n, depositId: randomUUID(), description: 'Deposit' });
      await purchaseToEscrow(manager, { buyerId: user, cents: 212n, orderId: ownOrder, description: 'Purchase' });
    });
    expect(await balances(user)).toEqual({ available: 0n, owed: 0n });
    await chargeBackOf(user, 500n);
    await tx((manager) => refundFromEscrow(manager, { buyerId: user, cents: 212n, orderId: ownOrder, reference: randomUUID(), description: 'Refund' }));
    expect(await balances(user)).toEqual({ available: 0n, owed: 288n });
    const withdrawalId = randomUUID();
    await tx(async (manager) => {
      await creditDeposit(manager, { userId: user, cents: 1_288n, depositId: randomUUID(), description: 'Deposit' });
      await holdWithdrawal(manager, { userId: user, cents: 1_000n, withdrawalId, description: 'Withdrawal' });
    });
    await chargeBackOf(user, 700n);
    await tx((manager) => reverseWithdrawal(manager, { userId: user, cents: 1_000n, withdrawalId, description: 'Rejected' }));
    expect(await balances(user)).toEqual({ available: 300n, owed: 0n });

    expect(await kindsOf(user)).toEqual([
      ['debt_repayment', -700n],
      ['withdrawal_reversal', 1_000n],
      ['chargeback', -700n],
      ['debt', 700n],
      ['withdrawal', -1_000n],
      ['debt_repayment', -288n],
      ['deposit', 1_288n],
      ['debt_repayment', -212n],
      ['refund', 212n],
      ['chargeback', -500n],
      ['debt', 500n],
      ['purchase', -212n],
      ['debt_repayment', -788n],
      ['deposit', 1_000n],
      ['debt_repayment', -1_212n],
      ['sale_payout', 1_212n],
      ['chargeback', -3_000n],
      ['debt', 2_000n],
      ['deposit', 1_000n],
    ]);
  });

  it('keeps the debt account from going above zero in the database itself', async () => {
    const user = await funded(100n);
    await chargeBackOf(user, 300n);
    await expect(app.services.dataSource.query(`UPDATE ledger_accounts SET balance = 1 WHERE kind = 'user_debt' AND user_id = $1`, [user])).rejects.toThrow(
      /ledger_accounts_debt_not_positive/,
    );
  });

  it('settles parallel credits and chargebacks of one user consistently, without deadlocks', async () => {
    const user = await funded(500n);
    await chargeBackOf(user, 2_000n);
    const work = Array.from({ length: 30 }, (_, index) =>
      index % 3 === 0
        ? chargeBackOf(user, 100n)
        : tx((manager) => creditDeposit(manager, { userId: user, cents: 100n, depositId: randomUUID(), description: 'Deposit' })),
    );
    await Promise.all(work);
    // 500 in, 2,000 + 10 × 100 back, 20 × 100 in: the user is 500 short, whatever the order.
    expect(await balances(user)).toEqual({ available: 0n, owed: 500n });
  });
});

describe('no shared hot row', () => {
  /**
   * Runs `first` in a transaction that stays open (holding every lock it took) while `second`
   * runs in another with a short lock_timeout: if `second` had to wait for any of `first`'s
   * locks, it fails with 55P03 instead of completing.
   */
  async function whileHeldOpen(first: (manager: EntityManager) => Promise<unknown>, second: (manager: EntityManager) => Promise<unknown>) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const firstDone = tx(async (manager) => {
      await first(manager);
      holding();
      await released;
    });
    await held;
    try {
      return await tx(async (manager) => {
        await manager.query(`SET LOCAL lock_timeout = '1s'`);
        await second(manager);
      });
    } finally {
      release();
      await firstDone;
    }
  }

  /** A deposit, a purchase into the order's escrow, the payout with its fee, and a withdrawal. */
  const everyMovement = (p: { buyer: string; seller: string; orderId: string }) => async (manager: EntityManager) => {
    await creditDeposit(manager, { userId: p.buyer, cents: 5_000n, depositId: randomUUID(), description: 'Deposit' });
    await purchaseToEscrow(manager, { buyerId: p.buyer, cents: 2_000n, orderId: p.orderId, description: 'Purchase' });
    await payoutWithFee(manager, { sellerId: p.seller, priceCents: 2_000n, listingId: randomUUID(), orderId: p.orderId, description: 'Sale' });
    await holdWithdrawal(manager, { userId: p.buyer, cents: 1_000n, withdrawalId: randomUUID(), description: 'Withdrawal' });
  };

  it('lets deposits, purchases, payouts and withdrawals of different users and orders run side by side', async () => {
    const [buyerA, sellerA, buyerB, sellerB] = [await funded(1n), await newUserId(), await funded(1n), await newUserId()];
    const [orderA, orderB] = [await newOrderId(buyerA), await newOrderId(buyerB)];
    const started = Date.now();
    await whileHeldOpen(everyMovement({ buyer: buyerA, seller: sellerA, orderId: orderA }), everyMovement({ buyer: buyerB, seller: sellerB, orderId: orderB }));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await availableBalance(app.services.dataSource.manager, buyerA)).toBe(2_001n);
    expect(await availableBalance(app.services.dataSource.manager, buyerB)).toBe(2_001n);
    expect(await availableBalance(app.services.dataSource.manager, sellerB)).toBe(1_940n);
  });

  it('does make one user\'s movements wait for each other (their balance is the row that must be locked)', async () => {
    const buyer = await funded(10_000n);
    const [first, second] = [await newOrderId(buyer), await newOrderId(buyer)];
    await expect(
      whileHeldOpen(
        (manager) => purchaseToEscrow(manager, { buyerId: buyer, cents: 1_000n, orderId: first, description: 'Purchase' }),
        (manager) => purchaseToEscrow(manager, { buyerId: buyer, cents: 1_000n, orderId: second, description: 'Purchase' }),
      ),
    ).rejects.toThrow(/lock timeout/);
  });
});

describe('the database protects the ledger by itself', () => {
  it('keeps an available balance from going negative (CHECK constraint), whatever the code does', async () => {
    const user = await funded(500n);
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
