/**
 * The console's money routes over HTTP: the withdrawal queue with four-eyes approval, payment and
 * rejection, the audited destination read, manual deposit credits (exactly once) and the overview.
 * Figures that the file's other tests would disturb (the queues, the overview) are read on a
 * database of their own.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMoney } from '../../../shared/money';
import { type Page, type Withdrawal } from '../../../shared/schemas/wallet';
import {
  creditDepositResultSchema,
  staffDepositSchema,
  staffOverviewSchema,
  staffWithdrawalSchema,
  type CreditDepositResult,
  type StaffDeposit,
  type StaffOverview,
  type StaffWithdrawal,
} from '../../../shared/schemas/staff';
import { checkLedgerInvariants } from '../../ledger/invariantCheck';
import { creditDeposit, payoutWithFee, purchaseToEscrow } from '../../ledger/postings';
import { readBotStatus } from '../../market/botStatus';
import { staffOverview } from '../../staff/overview';
import { buildEmptyOrder, buildListings, buildUser, uniqueToken, type ListingOverrides } from '../../test/factories';
import { signIn, uniqueSteamId } from '../../test/signIn';
import { DEMO_STAFF, signInStaff } from '../../test/staffSignIn';
import { startTestApp, uniqueIp, type TestApp, type TestClient } from '../../test/testApp';
import { balanceOf, idempotencyKey, pressCheckout, startDeposit } from '../../test/wallet';
import { cloneDatabase } from '../../test/database';

const paypal = { type: 'paypal', paypalEmail: 'payee.console@example.com' };

interface Customer {
  client: TestClient;
  steamId: string;
  id: string;
}

/** A signed-in customer with `cents` credited by bank wire (cleared at once, so withdrawable). */
async function customer(app: TestApp, cents: bigint): Promise<Customer> {
  const { steamId, id } = await buildUser(app.services.dataSource, { balanceCents: cents });
  return { client: await signIn(app, steamId), steamId, id };
}

async function withdraw(who: Customer, amount: string): Promise<Withdrawal> {
  const response = await who.client.post<{ withdrawal: Withdrawal }>('/api/withdrawals', { amount, method: paypal }, idempotencyKey());
  expect(response.status).toBe(201);
  return response.body.withdrawal;
}

/** The audit trail of one subject, oldest first. */
async function auditOf(app: TestApp, subjectType: string, subjectId: string) {
  return (await app.services.dataSource.query('SELECT actor, action, details FROM audit_log WHERE subject_type = $1 AND subject_id = $2 ORDER BY id', [
    subjectType,
    subjectId,
  ])) as Array<{ actor: string; action: string; details: Record<string, unknown> }>;
}

async function withdrawalRow(app: TestApp, id: string) {
  const [row] = (await app.services.dataSource.query('SELECT status, note, payout_reference FROM withdrawals WHERE id = $1', [id])) as Array<{
    status: string;
    note: string | null;
    payout_reference: string | null;
  }>;
  return row!;
}

/** Who approved it, in code-point order. */
const approvalsOf = async (app: TestApp, id: string) =>
  ((await app.services.dataSource.query('SELECT staff_email FROM withdrawal_approvals WHERE withdrawal_id = $1', [id])) as Array<{ staff_email: string }>)
    .map((row) => row.staff_email)
    .sort();

const step = (before: string, after: string) => ({ before: { status: before }, after: { status: after } });

let app: TestApp;
let finance: TestClient;
let finance2: TestClient;
let support: TestClient;
beforeAll(async () => {
  // The default four-eyes threshold: 1000.00.
  app = await startTestApp();
  [finance, finance2, support] = await Promise.all([signInStaff(app, DEMO_STAFF.finance), signInStaff(app, DEMO_STAFF.finance2), signInStaff(app, DEMO_STAFF.support)]);
});
afterAll(() => app.close());

const approve = (staff: TestClient, id: string) => staff.post<StaffWithdrawal & { code?: string; message?: string }>(`/api/staff/withdrawals/${id}/approve`);
const pay = (staff: TestClient, id: string, body: unknown) => staff.post<StaffWithdrawal & { code?: string; message?: string }>(`/api/staff/withdrawals/${id}/paid`, body);
const reject = (staff: TestClient, id: string, body: unknown) => staff.post<StaffWithdrawal & { code?: string }>(`/api/staff/withdrawals/${id}/reject`, body);

describe('who may use the money routes', () => {
  it('refuses anyone without a staff session, and support staff (403)', async () => {
    const who = await customer(app, 0n);
    expect((await app.client().get('/api/staff/withdrawals')).status).toBe(401);
    expect((await who.client.get('/api/staff/withdrawals')).status).toBe(401);
    const refused = await support.post('/api/staff/deposits/credit', { steamId: who.steamId, amount: '5.00', reference: `R-${randomUUID()}`, method: 'crypto' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'staff_role_required' });
    expect((await support.get('/api/staff/withdrawals')).status).toBe(403);
    expect(await balanceOf(who.client)).toBe('0.00');
  });
});

describe('POST /api/staff/withdrawals/{id}/approve and /paid: four-eyes', () => {
  it('needs two different finance staff above the threshold: one cannot approve twice nor mark it paid alone', async () => {
    const who = await customer(app, 200_000n);
    const withdrawal = await withdraw(who, '1500.00');

    const first = await approve(finance, withdrawal.id);
    expect(first.status).toBe(200);
    expect(staffWithdrawalSchema.parse(first.body)).toMatchObject({
      id: withdrawal.id,
      user: { id: who.id, steamId: who.steamId },
      amount: '1500.00',
      status: 'requested',
      methodSummary: 'PayPal · pa***@example.com',
      approvals: [{ email: DEMO_STAFF.finance }],
      approvalsNeeded: 2,
    });
    const again = await approve(finance, withdrawal.id);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('already_approved');
    const alone = await pay(finance, withdrawal.id, { reference: 'PP-ALONE' });
    expect(alone.status).toBe(409);
    expect(alone.body).toMatchObject({ code: 'approvals_missing', message: 'This withdrawal needs 1 more approval before it can be paid' });
    expect(await withdrawalRow(app, withdrawal.id)).toEqual({ status: 'requested', note: null, payout_reference: null });
    expect(await approvalsOf(app, withdrawal.id)).toEqual([DEMO_STAFF.finance]);

    const second = await approve(finance2, withdrawal.id);
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ status: 'processing', approvalsNeeded: 2 });
    expect(second.body.approvals.map((approval) => approval.email).sort()).toEqual([DEMO_STAFF.finance, DEMO_STAFF.finance2].sort());

    expect((await pay(finance2, withdrawal.id, {})).status).toBe(400);
    expect((await pay(finance2, withdrawal.id, { reference: '   ' })).status).toBe(400);
    expect((await withdrawalRow(app, withdrawal.id)).status).toBe('processing');
    const paid = await pay(finance2, withdrawal.id, { reference: 'PP-98765' });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: 'paid', payoutReference: 'PP-98765' });

    // The money was held at the request; paying moves it out of the platform, the balance stays.
    expect(await balanceOf(who.client)).toBe('500.00');
    const [posting] = await app.services.dataSource.query('SELECT kind FROM ledger_transactions WHERE reference = $1', [`withdrawal-paid:${withdrawal.id}`]);
    expect(posting).toEqual({ kind: 'withdrawal' });
    expect((await who.client.get<Page<Withdrawal>>('/api/withdrawals')).body.items[0]).toMatchObject({ id: withdrawal.id, status: 'paid' });
    // The customer's open Withdraw screen hears of each step.
    const events = await app.services.dataSource.query(`SELECT payload FROM domain_events WHERE user_id = $1 AND type = 'balance' ORDER BY id`, [who.id]);
    expect(events.map((event: { payload: { status: string } }) => event.payload.status).slice(-2)).toEqual(['processing', 'paid']);

    const trail = (await auditOf(app, 'withdrawal', withdrawal.id)).slice(1);
    expect(trail).toEqual([
      { actor: `staff:${DEMO_STAFF.finance}`, action: 'withdrawal.approved', details: { ...step('requested', 'requested'), approvals: 1, approvalsNeeded: 2 } },
      { actor: `staff:${DEMO_STAFF.finance2}`, action: 'withdrawal.approved', details: { ...step('requested', 'processing'), approvals: 2, approvalsNeeded: 2 } },
      { actor: `staff:${DEMO_STAFF.finance2}`, action: 'withdrawal.processing', details: step('requested', 'processing') },
      { actor: `staff:${DEMO_STAFF.finance2}`, action: 'withdrawal.paid', details: { reference: 'PP-98765', ...step('processing', 'paid') } },
    ]);
  });

  it('needs one approval at or below the threshold, two a cent above it', async () => {
    const who = await customer(app, 300_000n);
    const atThreshold = await withdraw(who, '1000.00');
    const above = await withdraw(who, '1000.01');
    expect((await approve(finance, atThreshold.id)).body).toMatchObject({ status: 'processing', approvalsNeeded: 1 });
    expect((await pay(finance, atThreshold.id, { reference: 'WIRE-OUT-1' })).body).toMatchObject({ status: 'paid' });
    expect((await approve(finance, above.id)).body).toMatchObject({ status: 'requested', approvalsNeeded: 2 });
  });

  it('reads the threshold from WITHDRAWAL_FOUR_EYES_USD', async () => {
    const strict = await startTestApp({ env: { WITHDRAWAL_FOUR_EYES_USD: '50.00' } });
    try {
      const staff = await signInStaff(strict, DEMO_STAFF.finance);
      const who = await customer(strict, 20_000n);
      const [small, large] = [await withdraw(who, '50.00'), await withdraw(who, '50.01')];
      expect((await approve(staff, small.id)).body).toMatchObject({ status: 'processing', approvalsNeeded: 1 });
      expect((await approve(staff, large.id)).body).toMatchObject({ status: 'requested', approvalsNeeded: 2 });
      expect((await pay(staff, large.id, { reference: 'X-1' })).body).toMatchObject({ code: 'approvals_missing' });
    } finally {
      await strict.close();
    }
  });

  it('counts two finance staff approving at the same moment as two approvals: processing', async () => {
    const who = await customer(app, 200_000n);
    const withdrawal = await withdraw(who, '1200.00');
    const answers = await Promise.all([approve(finance, withdrawal.id), approve(finance2, withdrawal.id)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.body.status).sort()).toEqual(['processing', 'requested']);
    expect(await withdrawalRow(app, withdrawal.id)).toMatchObject({ status: 'processing' });
    expect(await approvalsOf(app, withdrawal.id)).toEqual([DEMO_STAFF.finance, DEMO_STAFF.finance2].sort());
    const actions = (await auditOf(app, 'withdrawal', withdrawal.id)).map((row) => row.action);
    expect(actions).toEqual(['withdrawal.requested', 'withdrawal.approved', 'withdrawal.approved', 'withdrawal.processing']);
  });

  it('counts the same person approving twice at the same moment once', async () => {
    const who = await customer(app, 200_000n);
    const withdrawal = await withdraw(who, '1200.00');
    const answers = await Promise.all([approve(finance, withdrawal.id), approve(finance, withdrawal.id)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.code).toBe('already_approved');
    expect(await withdrawalRow(app, withdrawal.id)).toMatchObject({ status: 'requested' });
    expect(await approvalsOf(app, withdrawal.id)).toEqual([DEMO_STAFF.finance]);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await approve(finance, randomUUID())).status).toBe(404);
    expect((await approve(finance, 'not-an-id')).status).toBe(404);
    expect((await pay(finance, randomUUID(), { reference: 'R' })).status).toBe(404);
  });
});

describe('POST /api/staff/withdrawals/{id}/reject', () => {
  it('returns the amount to the balance, with the reason as the note the user sees', async () => {
    const who = await customer(app, 5_000n);
    const withdrawal = await withdraw(who, '20.00');
    expect(await balanceOf(who.client)).toBe('30.00');
    expect((await reject(finance, withdrawal.id, {})).status).toBe(400);
    expect((await reject(finance, withdrawal.id, { reason: '' })).status).toBe(400);
    expect(await balanceOf(who.client)).toBe('30.00');

    const rejected = await reject(finance, withdrawal.id, { reason: 'PayPal account not verified' });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ status: 'rejected', note: 'PayPal account not verified' });
    expect(await balanceOf(who.client)).toBe('50.00');
    expect((await who.client.get<Page<Withdrawal>>('/api/withdrawals')).body.items[0]).toMatchObject({ status: 'rejected', note: 'PayPal account not verified' });
    expect((await auditOf(app, 'withdrawal', withdrawal.id)).slice(1)).toEqual([
      { actor: `staff:${DEMO_STAFF.finance}`, action: 'withdrawal.rejected', details: { reason: 'PayPal account not verified', ...step('requested', 'rejected') } },
    ]);
  });

  it('rejects a processing one too', async () => {
    const who = await customer(app, 5_000n);
    const withdrawal = await withdraw(who, '40.00');
    await approve(finance, withdrawal.id);
    expect((await reject(finance2, withdrawal.id, { reason: 'Payee name does not match' })).body).toMatchObject({ status: 'rejected' });
    expect(await balanceOf(who.client)).toBe('50.00');
  });
});

describe('invalid transitions', () => {
  it('answer 409 and change nothing', async () => {
    const who = await customer(app, 10_000n);
    const [paidOne, rejectedOne] = [await withdraw(who, '10.00'), await withdraw(who, '20.00')];
    await approve(finance, paidOne.id);
    await pay(finance, paidOne.id, { reference: 'PAID-1' });
    await reject(finance, rejectedOne.id, { reason: 'Duplicate request' });
    const balance = await balanceOf(who.client);
    const trails = [(await auditOf(app, 'withdrawal', paidOne.id)).length, (await auditOf(app, 'withdrawal', rejectedOne.id)).length];

    const attempts = [
      await pay(finance, paidOne.id, { reference: 'PAID-AGAIN' }),
      await reject(finance, paidOne.id, { reason: 'Too late' }),
      await approve(finance2, paidOne.id),
      await pay(finance, rejectedOne.id, { reference: 'PAID-2' }),
      await reject(finance, rejectedOne.id, { reason: 'Again' }),
      await approve(finance, rejectedOne.id),
    ];
    expect(attempts.map((attempt) => [attempt.status, attempt.body.code])).toEqual([
      [409, 'invalid_transition'],
      [409, 'invalid_transition'],
      [409, 'invalid_transition'],
      [409, 'invalid_transition'],
      [409, 'invalid_transition'],
      [409, 'invalid_transition'],
    ]);
    expect(await withdrawalRow(app, paidOne.id)).toEqual({ status: 'paid', note: null, payout_reference: 'PAID-1' });
    expect(await withdrawalRow(app, rejectedOne.id)).toEqual({ status: 'rejected', note: 'Duplicate request', payout_reference: null });
    expect(await balanceOf(who.client)).toBe(balance);
    expect([(await auditOf(app, 'withdrawal', paidOne.id)).length, (await auditOf(app, 'withdrawal', rejectedOne.id)).length]).toEqual(trails);
  });
});

describe('GET /api/staff/withdrawals/{id}/destination', () => {
  it('answers the destination in full and records who read it', async () => {
    const who = await customer(app, 5_000n);
    const withdrawal = await withdraw(who, '25.00');
    const read = await finance.get(`/api/staff/withdrawals/${withdrawal.id}/destination`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ type: 'paypal', paypalEmail: 'payee.console@example.com' });
    expect((await auditOf(app, 'withdrawal', withdrawal.id)).slice(1)).toEqual([
      { actor: `staff:${DEMO_STAFF.finance}`, action: 'withdrawal.destination_read', details: {} },
    ]);
    expect((await finance.get(`/api/staff/withdrawals/${randomUUID()}/destination`)).status).toBe(404);
    expect((await support.get(`/api/staff/withdrawals/${withdrawal.id}/destination`)).status).toBe(403);
    expect(await auditOf(app, 'withdrawal', withdrawal.id)).toHaveLength(2);
  });
});

describe('POST /api/staff/deposits/credit', () => {
  const credit = (staff: TestClient, body: Record<string, unknown>) => staff.post<CreditDepositResult & { code?: string }>('/api/staff/deposits/credit', body);

  it('credits a transfer once: 201, then 200 for the same credit, 409 for another user or amount', async () => {
    const [who, other] = [await customer(app, 0n), await customer(app, 0n)];
    const reference = `SEPA-${randomUUID()}`;
    const body = { steamId: who.steamId, amount: '250.00', reference, method: 'iban_sepa' };

    const first = await credit(finance, body);
    expect(first.status).toBe(201);
    expect(creditDepositResultSchema.parse(first.body)).toMatchObject({
      credited: true,
      deposit: { user: { id: who.id, steamId: who.steamId }, method: 'iban_sepa', amount: '250.00', status: 'completed', externalReference: reference },
    });
    const { depositReference } = (await who.client.get<{ depositReference: string }>('/api/user')).body;
    expect(first.body.deposit.user.depositReference).toBe(depositReference);

    const repeat = await credit(finance2, body);
    expect(repeat.status).toBe(200);
    expect(repeat.body).toMatchObject({ credited: false, deposit: { id: first.body.deposit.id } });
    expect((await credit(finance, { ...body, amount: '251.00' })).status).toBe(409);
    const elsewhere = await credit(finance, { ...body, steamId: other.steamId });
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.code).toBe('reference_already_credited');

    expect(await balanceOf(who.client)).toBe('250.00');
    expect(await balanceOf(other.client)).toBe('0.00');
    expect(await auditOf(app, 'deposit', first.body.deposit.id)).toEqual([
      {
        actor: `staff:${DEMO_STAFF.finance}`,
        action: 'deposit.credited',
        details: { method: 'iban_sepa', reference, amountCents: '25000', steamId: who.steamId },
      },
    ]);
  });

  it('credits one reference sent twice at the same moment exactly once', async () => {
    const who = await customer(app, 0n);
    const body = { steamId: who.steamId, amount: '75.50', reference: `BTC-${randomUUID()}`, method: 'crypto' };
    const answers = await Promise.all([credit(finance, body), credit(finance2, body)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 201]);
    expect(new Set(answers.map((answer) => answer.body.deposit.id)).size).toBe(1);
    expect(await balanceOf(who.client)).toBe('75.50');
    expect(await auditOf(app, 'deposit', answers[0]!.body.deposit.id)).toHaveLength(1);
  });

  it('answers 404 for a SteamID nobody signed in with and 400 for bad input, crediting nothing', async () => {
    const unknown = await credit(finance, { steamId: uniqueSteamId(), amount: '10.00', reference: `W-${randomUUID()}`, method: 'bank_wire_usa' });
    expect(unknown.status).toBe(404);
    const who = await customer(app, 0n);
    for (const bad of [{ amount: '10.001' }, { amount: '0.00' }, { steamId: '123' }, { method: 'paypal' }, { reference: '' }, { extra: 1 }]) {
      const answer = await credit(finance, { steamId: who.steamId, amount: '10.00', reference: `W-${randomUUID()}`, method: 'bank_wire_usa', ...bad });
      expect(answer.status, JSON.stringify(bad)).toBe(400);
    }
    expect(await balanceOf(who.client)).toBe('0.00');
  });
});

describe('on a database of its own: the queues and the overview', () => {
  let quiet: TestApp;
  let drop: () => Promise<void>;
  let staff: { finance: TestClient; finance2: TestClient; support: TestClient; admin: TestClient };
  beforeAll(async () => {
    const database = await cloneDatabase();
    drop = database.drop;
    quiet = await startTestApp({ databaseUrl: database.url, env: { TRUST_PROXY: 'true' } });
    staff = {
      finance: await signInStaff(quiet, DEMO_STAFF.finance),
      finance2: await signInStaff(quiet, DEMO_STAFF.finance2),
      support: await signInStaff(quiet, DEMO_STAFF.support),
      admin: await signInStaff(quiet, DEMO_STAFF.admin),
    };
  });
  afterAll(async () => {
    await quiet?.close();
    await drop?.();
  });

  it('lists requested and processing withdrawals oldest first, or those of one status', async () => {
    const [ana, bo] = [await customer(quiet, 300_000n), await customer(quiet, 300_000n)];
    const first = await withdraw(ana, '10.00');
    const second = await withdraw(bo, '1500.00');
    const third = await withdraw(ana, '30.00');
    await approve(staff.finance, second.id);
    await approve(staff.finance, third.id);
    const done = await withdraw(bo, '10.00');
    await reject(staff.finance, done.id, { reason: 'Test' });

    const queue = await staff.finance.get<{ items: StaffWithdrawal[] }>('/api/staff/withdrawals');
    expect(queue.status).toBe(200);
    const items = queue.body.items.map((item) => staffWithdrawalSchema.parse(item));
    expect(items.map((item) => item.id)).toEqual([first.id, second.id, third.id]);
    expect(items[1]).toMatchObject({
      user: { id: bo.id, steamId: bo.steamId, displayName: expect.any(String) },
      status: 'requested',
      approvals: [{ email: DEMO_STAFF.finance, at: expect.any(String) }],
      approvalsNeeded: 2,
      methodSummary: 'PayPal · pa***@example.com',
    });
    expect(JSON.stringify(queue.body)).not.toContain('payee.console@example.com');
    const processing = await staff.finance.get<{ items: StaffWithdrawal[] }>('/api/staff/withdrawals?status=processing');
    expect(processing.body.items.map((item) => item.id)).toEqual([third.id]);
    const rejected = await staff.finance.get<{ items: StaffWithdrawal[] }>('/api/staff/withdrawals?status=rejected');
    expect(rejected.body.items).toEqual([expect.objectContaining({ id: done.id, note: 'Test' })]);
    expect((await staff.finance.get('/api/staff/withdrawals?status=lost')).status).toBe(400);
  });

  it('lists deposits awaiting their money, oldest first, with the user’s deposit reference', async () => {
    const who = await customer(quiet, 0n);
    const waiting = await startDeposit(who.client, '25.00');
    const paying = await startDeposit(who.client, '30.00');
    const pending = async () => (await staff.finance.get<{ items: StaffDeposit[] }>('/api/staff/deposits/pending')).body.items.map((item) => staffDepositSchema.parse(item));
    const { depositReference } = (await who.client.get<{ depositReference: string }>('/api/user')).body;
    expect(await pending()).toEqual([
      expect.objectContaining({ id: waiting.depositId, amount: '25.00', status: 'pending', method: 'paypal', user: expect.objectContaining({ depositReference }) }),
      expect.objectContaining({ id: paying.depositId, amount: '30.00' }),
    ]);
    await pressCheckout(paying.checkoutUrl, 'pay');
    expect((await pending()).map((item) => item.id)).toEqual([waiting.depositId]);
    expect((await staff.support.get('/api/staff/deposits/pending')).status).toBe(403);
  });

  it('sums up what waits and how the platform does', async () => {
    const { dataSource, logger } = quiet.services;
    const before = (await staff.support.get<StaffOverview>('/api/staff/overview')).body;
    expect(before.ledgerCheck).toBeNull();

    // Withdrawals (four-eyes above 1000.00): one requested, one approved once, one processing.
    const who = await customer(quiet, 300_000n);
    await withdraw(who, '20.00');
    await approve(staff.finance, (await withdraw(who, '1100.00')).id);
    await approve(staff.finance, (await withdraw(who, '30.00')).id);
    await startDeposit(who.client, '40.00');
    // A $100.00 sale today: a $3.00 fee. Posted on an order of the ledger's alone: a listing sold
    // here would be among the next test's counts of listings.
    const seller = await buildUser(dataSource);
    const order = await buildEmptyOrder(dataSource, { buyer: who, totalCents: 10_000n });
    await dataSource.transaction(async (manager) => {
      await creditDeposit(manager, { userId: who.id, cents: 10_000n, depositId: randomUUID(), description: 'test' });
      await purchaseToEscrow(manager, { buyerId: who.id, cents: 10_000n, orderId: order.id, description: 'test' });
      await payoutWithFee(manager, { sellerId: seller.id, priceCents: 10_000n, listingId: randomUUID(), orderId: order.id, description: 'test' });
    });
    // Support: two contact messages (one closed again) and an issue report.
    const visitor = quiet.client({ ip: uniqueIp() });
    for (const subject of ['Payout question', 'Closed already']) {
      await visitor.post('/api/contact', { name: 'Vi', email: 'vi@example.com', subject, category: 'Other', message: 'Hello' });
    }
    await visitor.post('/api/issue-reports', { issueType: 'ui', severity: 'low', title: 'Overlap', description: 'On phones', email: 'vi@example.com' });
    await dataSource.query(`UPDATE contact_messages SET status = 'closed' WHERE subject = 'Closed already'`);
    await checkLedgerInvariants(dataSource, logger);

    const overview = await staff.admin.get<StaffOverview>('/api/staff/overview');
    expect(overview.status).toBe(200);
    // The earlier tests here left withdrawals and a pending deposit behind: what is new is this one's.
    expect(staffOverviewSchema.parse(overview.body)).toMatchObject({
      withdrawals: { pending: before.withdrawals.pending + 3, awaitingSecondApproval: before.withdrawals.awaitingSecondApproval + 1 },
      deposits: { pending: before.deposits.pending + 1 },
      fees: { today: '3.00', thisMonth: '3.00' },
      openSupportItems: before.openSupportItems + 2,
      ledgerCheck: { at: expect.any(String), sound: true },
    });
    const added = (after: string, earlier: string) => parseMoney(after)! - parseMoney(earlier)!;
    expect(added(overview.body.withdrawals.pendingAmount, before.withdrawals.pendingAmount)).toBe(115_000n);
    expect(added(overview.body.deposits.pendingAmount, before.deposits.pendingAmount)).toBe(4_000n);
    const bot = await readBotStatus(dataSource);
    expect(overview.body.bot.online).toBe(bot.online);
    expect((await staff.finance.get('/api/staff/overview')).status).toBe(200);
  });

  it('counts listings by status and holds by the UTC day', async () => {
    const { dataSource } = quiet.services;
    const now = new Date();
    const noon = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 12));
    const hours = (count: number) => new Date(noon.getTime() + count * 3_600_000);
    const holdEnds = [hours(1), hours(-2), hours(-13), hours(13), hours(-3), hours(-30)];
    // The fifth sold before its hold ended, not delivered yet; the sixth cancelled by its seller.
    const states: ListingOverrides[] = [{}, {}, {}, {}, { status: 'active', soldAt: new Date() }, { status: 'cancelled', cancelReason: 'seller' }];
    await buildListings(dataSource, {
      count: holdEnds.length,
      token: uniqueToken(),
      overrides: (index) => ({ status: 'holding', holdEndTime: holdEnds[index]!, holdStartTime: new Date(holdEnds[index]!.getTime() - 7 * 86_400_000), ...states[index] }),
    });

    const figures = await staffOverview(dataSource, { fourEyesCents: quiet.services.config.withdrawalFourEyesCents, now: noon });
    expect(figures.listingsByStatus).toEqual({ holding: 4, active: 1, cancelled: 1 });
    // Today (UTC): the holds ending at 13:00 and at 10:00; overdue (over an hour past): 10:00,
    // yesterday 23:00 and the sold one at 09:00.
    expect(figures.holdsEndingToday).toBe(2);
    expect(figures.overdueHolds).toBe(3);
    // A day later, today's fee is yesterday's (and last month's when the month has turned).
    const tomorrow = await staffOverview(dataSource, { fourEyesCents: 0n, now: hours(24) });
    const sameMonth = hours(24).getUTCMonth() === noon.getUTCMonth();
    expect(tomorrow.fees).toEqual({ todayCents: 0n, thisMonthCents: sameMonth ? 300n : 0n });
  });
});
