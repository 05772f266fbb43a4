/**
 * Chargebacks and the clearing period, end to end: deposits through the simulated hosted checkout,
 * then refunds and disputes the simulated provider sends as signed webhooks to the real webhook
 * route (and resends, as providers retry), read back through the API a user has.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatUsd } from '../../../shared/money';
import { notYetWithdrawableMessage, type Page, type WalletTransaction, type WithdrawableBalance } from '../../../shared/schemas/wallet';
import { CLI_ACTOR } from '../../audit/auditLog';
import { manualDepositCreditor } from '../../commands/manualDepositCreditor';
import { type SentEvent } from '../../dev/pay/router';
import { SIMULATED_SIGNATURE_HEADER, signSimulatedWebhook, simulatedWebhookSecret } from '../../dev/pay/gateway';
import { buildListing, uniqueToken } from '../../test/factories';
import { signIn, uniqueSteamId } from '../../test/signIn';
import { startTestApp, type TestApp, type TestClient } from '../../test/testApp';
import { balanceOf, idempotencyKey, pressCheckout, startDeposit } from '../../test/wallet';
import { saveTradeUrl } from '../market/fixtures';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

interface Account {
  client: TestClient;
  steamId: string;
  userId: string;
}

async function account(): Promise<Account> {
  const steamId = uniqueSteamId();
  const client = await signIn(app, steamId);
  const [{ id }] = await app.services.dataSource.query('SELECT id FROM users WHERE steam_id = $1', [steamId]);
  return { client, steamId, userId: id as string };
}

/** A paid checkout deposit: the deposit id and its checkout page's URL. */
async function paidDeposit(who: Account, amount: string): Promise<{ depositId: string; checkoutUrl: string }> {
  const deposit = await startDeposit(who.client, amount);
  expect(await pressCheckout(deposit.checkoutUrl, 'pay')).toMatch(/deposit=success$/);
  return deposit;
}

/** Presses a button of the simulated provider as a script does (JSON): the events it sent. */
async function provider(url: string, body?: unknown): Promise<SentEvent[]> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { events: SentEvent[] }).events;
}

const refund = (checkoutUrl: string, amount?: string) => provider(`${checkoutUrl}/refund`, amount ? { amount } : undefined);
const dispute = (checkoutUrl: string) => provider(`${checkoutUrl}/dispute`);
const resend = (eventId: string) => provider(`${app.url}/dev/pay/events/${eventId}/resend`);

/** A dispute event of our own making, signed as the simulated provider signs, for the checkout's payment. */
async function sendDispute(checkoutUrl: string, p: { type: string; disputeId: string; amountCents: string }) {
  const [row] = await app.services.dataSource.query('SELECT payment_id FROM sim_payment_checkouts WHERE id = $1', [checkoutUrl.split('/').pop()]);
  const body = JSON.stringify({
    id: `evt_test_${randomUUID()}`,
    type: p.type,
    data: { checkoutId: 'unused', clientReference: 'unused', paymentId: row.payment_id, disputeId: p.disputeId, amountCents: p.amountCents, currency: 'usd' },
  });
  const secret = simulatedWebhookSecret(app.services.config, app.services.secrets.sessionKeys[0]!);
  const answer = await fetch(`${app.url}/api/webhooks/payments`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', [SIMULATED_SIGNATURE_HEADER]: signSimulatedWebhook(secret, body) },
  });
  return { status: answer.status, body: (await answer.json()) as { outcome?: string } };
}

const history = async (who: Account) => (await who.client.get<Page<WalletTransaction>>('/api/transactions?limit=100')).body.items;
const withdrawable = async (who: Account) => (await who.client.get<WithdrawableBalance>('/api/withdrawals/available')).body;

async function depositRow(depositId: string) {
  const [row] = await app.services.dataSource.query('SELECT status, reversed_cents::text AS reversed FROM deposits WHERE id = $1', [depositId]);
  return row as { status: string; reversed: string };
}

/** Every row a purchase or withdrawal would write for the user, to show a refusal wrote none. */
async function footprint(who: Account) {
  const [row] = await app.services.dataSource.query(
    `SELECT (SELECT count(*) FROM orders WHERE buyer_id = $1)::int AS orders,
            (SELECT count(*) FROM withdrawals WHERE user_id = $1)::int AS withdrawals,
            (SELECT count(*) FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id WHERE a.user_id = $1)::int AS entries`,
    [who.userId],
  );
  return { ...(row as object), balance: await balanceOf(who.client) };
}

const paypal = { type: 'paypal', paypalEmail: 'payout@example.com' };
const withdraw = (who: Account, amount: string) => who.client.post<{ code?: string; fields?: Record<string, string> }>('/api/withdrawals', { amount, method: paypal }, idempotencyKey());
const purchase = (who: Account, listingId: string) => who.client.post<{ code?: string; message?: string }>('/api/purchases', { listingIds: [listingId] }, idempotencyKey());

const listing = (priceCents: bigint) => buildListing(app.services.dataSource, { token: uniqueToken(), priceCents });

describe('a refund at the payment provider', () => {
  it('takes the refunded amount back out of the balance, once per event, and shows it in the history', async () => {
    const who = await account();
    const { depositId, checkoutUrl } = await paidDeposit(who, '50.00');

    const [first] = await refund(checkoutUrl, '20.00');
    expect(first).toMatchObject({ type: 'charge.refunded', status: 200 });
    expect(await balanceOf(who.client)).toBe('30.00');
    const [chargeback] = await history(who);
    expect(chargeback).toMatchObject({ kind: 'chargeback', amount: '-20.00', balanceAfter: '30.00' });
    expect(chargeback!.description).toBe('Chargeback: the payment provider refunded $20.00 of your PayPal deposit of $50.00');

    // The provider sends the same event again: nothing moves.
    const entries = (await history(who)).length;
    const [again] = await resend(first!.id);
    expect(again).toMatchObject({ status: 200, response: expect.stringContaining('"outcome":"already_processed"') });
    expect(await balanceOf(who.client)).toBe('30.00');
    expect(await history(who)).toHaveLength(entries);

    // A second refund reports the charge's refunds so far ($50.00): only the new $30.00 moves.
    const [second] = await refund(checkoutUrl);
    expect(second!.status).toBe(200);
    expect(await balanceOf(who.client)).toBe('0.00');
    expect((await history(who))[0]).toMatchObject({ kind: 'chargeback', amount: '-30.00', balanceAfter: '0.00' });
    expect(await depositRow(depositId)).toEqual({ status: 'completed', reversed: '5000' });
    // An older event arriving late asks for less than was already taken back.
    await resend(first!.id);
    await resend(second!.id);
    expect(await history(who)).toHaveLength(entries + 1);
    expect(await depositRow(depositId)).toEqual({ status: 'completed', reversed: '5000' });
  });
});

describe('a dispute at the payment provider', () => {
  it('takes the deposit back once, although the provider reports it twice (created, funds withdrawn)', async () => {
    const who = await account();
    const { depositId, checkoutUrl } = await paidDeposit(who, '40.00');
    const sent = await dispute(checkoutUrl);
    expect(sent.map((event) => [event.type, event.status])).toEqual([
      ['charge.dispute.created', 200],
      ['charge.dispute.funds_withdrawn', 200],
    ]);
    expect(await balanceOf(who.client)).toBe('0.00');
    const chargebacks = (await history(who)).filter((entry) => entry.kind === 'chargeback');
    expect(chargebacks).toEqual([expect.objectContaining({ amount: '-40.00', description: 'Chargeback: your PayPal deposit of $40.00 was disputed with the payment provider' })]);
    expect(sent[1]!.response).toContain('"outcome":"already_settled"');
    for (const event of sent) await resend(event.id);
    expect((await history(who)).filter((entry) => entry.kind === 'chargeback')).toHaveLength(1);
    expect(await depositRow(depositId)).toMatchObject({ reversed: '4000' });
  });

  it('counts a partial dispute once across its created and funds_withdrawn events', async () => {
    const who = await account();
    const { depositId, checkoutUrl } = await paidDeposit(who, '50.00');
    const disputeId = `dp_test_${randomUUID()}`;
    for (const type of ['charge.dispute.created', 'charge.dispute.funds_withdrawn']) {
      expect(await sendDispute(checkoutUrl, { type, disputeId, amountCents: '2000' })).toMatchObject({ status: 200 });
    }
    expect(await balanceOf(who.client)).toBe('30.00');
    expect(await depositRow(depositId)).toMatchObject({ reversed: '2000' });
  });

  it('never takes back more than the deposit brought in, however refunds and disputes add up', async () => {
    const who = await account();
    const { depositId, checkoutUrl } = await paidDeposit(who, '40.00');
    await refund(checkoutUrl, '10.00');
    // A dispute that claims the whole payment after a partial refund: only the $30.00 left moves.
    const answer = await sendDispute(checkoutUrl, { type: 'charge.dispute.created', disputeId: `dp_test_${randomUUID()}`, amountCents: '4000' });
    expect(answer).toEqual({ status: 200, body: expect.objectContaining({ outcome: 'reversed' }) });
    expect(await balanceOf(who.client)).toBe('0.00');
    expect((await history(who)).map((entry) => [entry.kind, entry.amount])).toEqual([
      ['chargeback', '-30.00'],
      ['chargeback', '-10.00'],
      ['deposit', '+40.00'],
    ]);
    expect(await depositRow(depositId)).toMatchObject({ reversed: '4000' });
  });
});

describe("a dispute ruled in the user's favour", () => {
  it('gives back what the dispute took, once, repaying the debt it left first', async () => {
    const who = await account();
    await saveTradeUrl(who.client, who.steamId);
    const { depositId, checkoutUrl } = await paidDeposit(who, '30.00');
    expect((await purchase(who, (await listing(2500n)).id)).status).toBe(201);
    await dispute(checkoutUrl);
    expect(await withdrawable(who)).toMatchObject({ balance: '0.00', owed: '25.00' });

    const [won] = await provider(`${checkoutUrl}/dispute/won`);
    expect(won).toMatchObject({ type: 'charge.dispute.funds_reinstated', status: 200, response: expect.stringContaining('"outcome":"reinstated"') });
    expect((await history(who)).slice(0, 2).map(({ kind, amount, balanceAfter }) => ({ kind, amount, balanceAfter }))).toEqual([
      { kind: 'debt_repayment', amount: '-25.00', balanceAfter: '5.00' },
      { kind: 'chargeback_reversal', amount: '+30.00', balanceAfter: '30.00' },
    ]);
    expect((await history(who))[1]!.description).toBe('Chargeback reversed: the dispute of your PayPal deposit of $30.00 was closed in your favour');
    expect(await withdrawable(who)).toMatchObject({ balance: '5.00', owed: '0.00' });
    expect(await depositRow(depositId)).toEqual({ status: 'completed', reversed: '0' });

    // Told again, or asked to win again: nothing more moves.
    const entries = (await history(who)).length;
    const [again] = await resend(won!.id);
    expect(again!.response).toContain('"outcome":"already_processed"');
    const twice = await fetch(`${checkoutUrl}/dispute/won`, { method: 'POST', headers: { accept: 'application/json' } });
    expect(twice.status).toBe(409);
    expect(await history(who)).toHaveLength(entries);
    // No longer in debt: buying works again.
    expect((await purchase(who, (await listing(500n)).id)).status).toBe(201);
  });

  it('gives back only what the dispute itself took when a refund had taken part of the deposit', async () => {
    const who = await account();
    const { depositId, checkoutUrl } = await paidDeposit(who, '40.00');
    await refund(checkoutUrl, '10.00');
    const disputeId = `dp_test_${randomUUID()}`;
    expect(await sendDispute(checkoutUrl, { type: 'charge.dispute.created', disputeId, amountCents: '4000' })).toMatchObject({ status: 200 });
    expect(await balanceOf(who.client)).toBe('0.00');
    const reinstated = await sendDispute(checkoutUrl, { type: 'charge.dispute.funds_reinstated', disputeId, amountCents: '4000' });
    expect(reinstated).toEqual({ status: 200, body: expect.objectContaining({ outcome: 'reinstated' }) });
    expect(await balanceOf(who.client)).toBe('30.00');
    expect(await depositRow(depositId)).toMatchObject({ reversed: '1000' });
    // The dispute's late funds_withdrawn restates what it asked for: nothing moves.
    expect(await sendDispute(checkoutUrl, { type: 'charge.dispute.funds_withdrawn', disputeId, amountCents: '4000' })).toMatchObject({
      body: expect.objectContaining({ outcome: 'already_settled' }),
    });
    expect(await balanceOf(who.client)).toBe('30.00');
  });

  it('is answered 409, moving nothing, when it arrives before its dispute', async () => {
    const who = await account();
    const { depositId, checkoutUrl } = await paidDeposit(who, '20.00');
    const early = await sendDispute(checkoutUrl, { type: 'charge.dispute.funds_reinstated', disputeId: `dp_test_${randomUUID()}`, amountCents: '2000' });
    expect(early.status).toBe(409);
    expect(await balanceOf(who.client)).toBe('20.00');
    expect(await depositRow(depositId)).toMatchObject({ reversed: '0' });
  });
});

describe('a chargeback of money already spent', () => {
  it('leaves a debt that blocks buying and withdrawing until later credits repay it', async () => {
    const who = await account();
    await saveTradeUrl(who.client, who.steamId);
    const { checkoutUrl } = await paidDeposit(who, '30.00');
    // Deposited money can be spent at once.
    const bought = await purchase(who, (await listing(2500n)).id);
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    expect(await balanceOf(who.client)).toBe('5.00');

    await dispute(checkoutUrl);
    expect(await balanceOf(who.client)).toBe('0.00');
    expect(await withdrawable(who)).toMatchObject({ balance: '0.00', withdrawableBalance: '0.00', owed: '25.00' });
    expect((await history(who)).slice(0, 2).map(({ kind, amount, balanceAfter }) => ({ kind, amount, balanceAfter }))).toEqual([
      { kind: 'chargeback', amount: '-30.00', balanceAfter: '0.00' },
      { kind: 'debt', amount: '+25.00', balanceAfter: '30.00' },
    ]);

    // While it owes, buying and withdrawing are refused, and nothing is written.
    const next = await listing(500n);
    const before = await footprint(who);
    const refusedPurchase = await purchase(who, next.id);
    expect(refusedPurchase.status).toBe(403);
    expect(refusedPurchase.body).toMatchObject({ code: 'account_in_debt' });
    expect(refusedPurchase.body.message).toContain('owes $25.00 after a chargeback');
    const refusedWithdrawal = await withdraw(who, '10.00');
    expect(refusedWithdrawal.status).toBe(403);
    expect(refusedWithdrawal.body).toMatchObject({ code: 'account_in_debt' });
    expect(await footprint(who)).toEqual(before);

    // An operator's bank credit repays part of it...
    const steamId = who.steamId;
    const { dataSource } = app.services;
    await manualDepositCreditor({ steamId, amountCents: 1_000n, reference: `WIRE-${randomUUID()}`, method: 'bank_wire_usa', actor: CLI_ACTOR, dataSource });
    expect(await withdrawable(who)).toMatchObject({ balance: '0.00', owed: '15.00' });
    expect((await history(who))[0]).toMatchObject({
      kind: 'debt_repayment',
      amount: '-10.00',
      balanceAfter: '0.00',
      description: 'Repaid $10.00 owed after a chargeback ($15.00 still owed)',
    });
    expect((await purchase(who, next.id)).status).toBe(403);

    // ...and a new deposit the rest, first: what is left is the user's, and buying works again.
    await paidDeposit(who, '40.00');
    expect(await withdrawable(who)).toMatchObject({ balance: '25.00', owed: '0.00' });
    expect((await history(who)).slice(0, 2).map(({ kind, amount, balanceAfter }) => ({ kind, amount, balanceAfter }))).toEqual([
      { kind: 'debt_repayment', amount: '-15.00', balanceAfter: '25.00' },
      { kind: 'deposit', amount: '+40.00', balanceAfter: '40.00' },
    ]);
    expect((await purchase(who, next.id)).status).toBe(201);
    expect(await balanceOf(who.client)).toBe('20.00');
    // No longer blocked: what stops a withdrawal now is only the new deposit's clearing period.
    expect((await withdraw(who, '10.00')).body).toMatchObject({ code: 'deposit_not_cleared' });
  });
});

describe('the clearing period of checkout deposits', () => {
  it('lets checkout money be withdrawn only once it cleared; operator-credited transfers at once', async () => {
    const who = await account();
    const { depositId } = await paidDeposit(who, '50.00');
    expect(await withdrawable(who)).toEqual({ balance: '50.00', withdrawableBalance: '0.00', clearingDays: 7, owed: '0.00' });

    const before = await footprint(who);
    const refused = await withdraw(who, '10.00');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'deposit_not_cleared', fields: { amount: notYetWithdrawableMessage('$0.00', 7) } });
    expect(await footprint(who)).toEqual(before);

    // A bank wire an operator credited has cleared already.
    const { dataSource } = app.services;
    await manualDepositCreditor({ steamId: who.steamId, amountCents: 2_000n, reference: `WIRE-${randomUUID()}`, method: 'bank_wire_usa', actor: CLI_ACTOR, dataSource });
    expect(await withdrawable(who)).toMatchObject({ balance: '70.00', withdrawableBalance: '20.00' });
    const tooMuch = await withdraw(who, '20.01');
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.fields).toEqual({ amount: notYetWithdrawableMessage(formatUsd(2_000n), 7) });
    expect((await withdraw(who, '20.00')).status).toBe(201);
    // 'Balance not enough - Top up balance' still answers an amount above the balance itself.
    expect((await withdraw(who, '50.01')).body.fields).toEqual({ amount: 'Balance not enough - Top up balance' });

    // Seven days later the checkout deposit has cleared.
    await dataSource.query(`UPDATE deposits SET completed_at = now() - interval '7 days 1 minute' WHERE id = $1`, [depositId]);
    expect(await withdrawable(who)).toMatchObject({ balance: '50.00', withdrawableBalance: '50.00' });
    expect((await withdraw(who, '50.00')).status).toBe(201);
    expect(await balanceOf(who.client)).toBe('0.00');
  });

  it('counts a partly reversed deposit only for what it still brought in', async () => {
    const who = await account();
    const { checkoutUrl } = await paidDeposit(who, '50.00');
    await refund(checkoutUrl, '20.00');
    await manualDepositCreditor({
      steamId: who.steamId,
      amountCents: 1_000n,
      reference: `WIRE-${randomUUID()}`,
      method: 'iban_sepa',
      actor: CLI_ACTOR,
      dataSource: app.services.dataSource,
    });
    expect(await withdrawable(who)).toMatchObject({ balance: '40.00', withdrawableBalance: '10.00' });
  });

  it('requires authentication', async () => {
    expect((await app.client().get('/api/withdrawals/available')).status).toBe(401);
  });
});
