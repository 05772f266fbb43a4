import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type StaffUserDetail, type StaffUserSummary } from '../../../shared/schemas/staff';
import { buildListing, uniqueToken } from '../../test/factories';
import { expectLedgerInvariants } from '../../test/ledgerInvariants';
import { userIdOf } from '../../test/selling';
import { signIn, uniqueSteamId } from '../../test/signIn';
import { DEMO_STAFF, signInStaff } from '../../test/staffSignIn';
import { startTestApp, type TestApp, type TestClient } from '../../test/testApp';
import { fund, idempotencyKey } from '../../test/wallet';
import { saveTradeUrl } from '../market/fixtures';

let app: TestApp;
let admin: TestClient;
let support: TestClient;

/** A customer with money, a saved method, a withdrawal, a listing and a purchase. */
let customer: { client: TestClient; steamId: string; id: string; name: string; email: string; depositReference: string };

beforeAll(async () => {
  // Checkout deposits are withdrawable at once here (the clearing period is tested with chargebacks).
  app = await startTestApp({ env: { DEPOSIT_CLEARING_DAYS: '0' } });
  admin = await signInStaff(app, DEMO_STAFF.admin);
  support = await signInStaff(app, DEMO_STAFF.support);

  const steamId = uniqueSteamId();
  const client = await signIn(app, steamId);
  const name = `Frost ${uniqueToken()}`;
  const email = `${uniqueToken()}@Example.com`;
  expect((await client.request('PATCH', '/api/user/profile', { body: { displayName: name, email } })).status).toBe(200);
  await saveTradeUrl(client, steamId);
  await fund(client, '100.00');
  const method = await client.post<{ id: string }>('/api/payment-methods', { type: 'paypal', paypalEmail: 'payout@example.com' }, idempotencyKey());
  expect(method.status).toBe(201);
  expect((await client.post('/api/withdrawals', { amount: '20.00', paymentMethodId: method.body.id }, idempotencyKey())).status).toBe(201);
  await buildListing(app.services.dataSource, { token: uniqueToken(), seller: { steamId } });
  const forSale = await buildListing(app.services.dataSource, { token: uniqueToken(), priceCents: 1_500n });
  expect((await client.post('/api/purchases', { listingIds: [forSale.id] }, idempotencyKey())).status).toBe(201);
  const { depositReference } = (await client.get<{ depositReference: string }>('/api/user')).body;
  customer = { client, steamId, id: await userIdOf(app, steamId), name, email, depositReference };
}, 120_000);
afterEach(() => expectLedgerInvariants(app.services.dataSource));
afterAll(() => app?.close());

const search = (client: TestClient, q: string) => client.get<{ items: StaffUserSummary[] }>(`/api/staff/users?q=${encodeURIComponent(q)}`);

/** The staff actions on a user (the user's own profile edits are audited too). */
async function auditRows(userId: string) {
  return (await app.services.dataSource.query(`SELECT actor, action, details FROM audit_log WHERE subject_type = 'user' AND subject_id = $1 AND actor LIKE 'staff:%' ORDER BY id`, [
    userId,
  ])) as Array<{ actor: string; action: string; details: Record<string, unknown> }>;
}

describe('GET /api/staff/users?q=', () => {
  it('finds a user by SteamID, part of the name, e-mail or deposit reference, in any case', async () => {
    const queries = [
      customer.steamId,
      customer.name.slice(6).toUpperCase(),
      customer.email.toUpperCase(),
      customer.depositReference.toLowerCase(),
    ];
    for (const q of queries) {
      const response = await search(support, q);
      expect(response.status, q).toBe(200);
      expect(response.body.items.map((user) => user.id), q).toEqual([customer.id]);
    }
    expect((await search(support, customer.steamId)).body.items[0]).toMatchObject({
      steamId: customer.steamId,
      displayName: customer.name,
      email: customer.email,
      depositReference: customer.depositReference,
      balance: '65.00',
      frozen: false,
    });
  });

  it('takes LIKE wildcards literally and wants something to search for', async () => {
    expect((await search(support, '%')).body.items.filter((user) => user.id === customer.id)).toEqual([]);
    expect((await search(support, '_')).body.items.filter((user) => user.id === customer.id)).toEqual([]);
    expect((await search(support, ' ')).status).toBe(400);
    expect((await app.client().get('/api/staff/users?q=x')).status).toBe(401);
  });
});

describe('GET /api/staff/users/:id', () => {
  it("shows a user's balance, history, listings, orders, withdrawals and masked payment methods", async () => {
    const response = await support.get<StaffUserDetail>(`/api/staff/users/${customer.id}`);
    expect(response.status).toBe(200);
    const detail = response.body;
    expect(detail).toMatchObject({ id: customer.id, balance: '65.00', frozen: false, frozenAt: null, frozenReason: null });
    expect(detail.ledger.map((entry) => entry.amount)).toEqual(['-15.00', '-20.00', '+100.00']);
    expect(detail.listings).toHaveLength(1);
    expect(detail.listings[0]).toMatchObject({ status: 'holding', sold: false });
    expect(detail.orders).toEqual([expect.objectContaining({ total: '15.00', items: 1, status: 'in_progress' })]);
    expect(detail.withdrawals).toEqual([expect.objectContaining({ amount: '20.00', status: 'requested', methodSummary: 'PayPal · pa***@example.com' })]);
    expect(detail.paymentMethods).toEqual([expect.objectContaining({ type: 'paypal', summary: 'PayPal · pa***@example.com', isDefault: true })]);
    expect(response.text).not.toContain('payout@example.com');
  });

  it('answers 404 for an unknown id and for one that is not a uuid', async () => {
    expect((await support.get(`/api/staff/users/${randomUUID()}`)).status).toBe(404);
    expect((await support.get('/api/staff/users/not-a-uuid')).status).toBe(404);
    expect((await admin.post('/api/staff/users/not-a-uuid/freeze', {})).status).toBe(404);
  });
});

describe('POST /api/staff/users/:id/freeze and /unfreeze', () => {
  it('freezes with a reason and unfreezes, each audited with before and after', async () => {
    const steamId = uniqueSteamId();
    const user = await signIn(app, steamId);
    const userId = await userIdOf(app, steamId);

    const frozen = await admin.post<StaffUserDetail>(`/api/staff/users/${userId}/freeze`, { reason: 'Chargeback fraud under review' });
    expect(frozen.status, frozen.text).toBe(200);
    expect(frozen.body).toMatchObject({ frozen: true, frozenReason: 'Chargeback fraud under review' });
    expect(Date.parse(frozen.body.frozenAt!)).not.toBeNaN();
    // The account can still sign in and read its data.
    expect((await user.get('/api/user')).status).toBe(200);

    const unfrozen = await admin.post<StaffUserDetail>(`/api/staff/users/${userId}/unfreeze`, {});
    expect(unfrozen.status).toBe(200);
    expect(unfrozen.body).toMatchObject({ frozen: false, frozenAt: null, frozenReason: null });

    expect(await auditRows(userId)).toEqual([
      {
        actor: `staff:${DEMO_STAFF.admin}`,
        action: 'user.frozen',
        details: {
          reason: 'Chargeback fraud under review',
          before: { frozenAt: null, frozenReason: null },
          after: { frozenAt: frozen.body.frozenAt, frozenReason: 'Chargeback fraud under review' },
        },
      },
      {
        actor: `staff:${DEMO_STAFF.admin}`,
        action: 'user.unfrozen',
        details: { before: { frozenAt: frozen.body.frozenAt, frozenReason: 'Chargeback fraud under review' }, after: { frozenAt: null, frozenReason: null } },
      },
    ]);
  });

  it('refuses to freeze a frozen account or unfreeze one that is not, writing nothing', async () => {
    const steamId = uniqueSteamId();
    await signIn(app, steamId);
    const userId = await userIdOf(app, steamId);
    const notFrozen = await admin.post(`/api/staff/users/${userId}/unfreeze`, { reason: 'Cleared' });
    expect(notFrozen.status).toBe(409);
    expect(notFrozen.body.code).toBe('not_frozen');

    expect((await admin.post(`/api/staff/users/${userId}/freeze`, { reason: 'First' })).status).toBe(200);
    const again = await admin.post(`/api/staff/users/${userId}/freeze`, { reason: 'Second' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('already_frozen');
    expect((await support.get<StaffUserDetail>(`/api/staff/users/${userId}`)).body.frozenReason).toBe('First');
    expect((await auditRows(userId)).map((row) => row.action)).toEqual(['user.frozen']);
  });

  it('wants a reason to freeze', async () => {
    const response = await admin.post(`/api/staff/users/${customer.id}/freeze`, { reason: '  ' });
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({ reason: 'Please give a reason' });
    expect(await auditRows(customer.id)).toEqual([]);
  });

  it('is for admins: support reads users but cannot freeze them', async () => {
    const response = await support.post(`/api/staff/users/${customer.id}/freeze`, { reason: 'Not mine to do' });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('staff_role_required');
    expect((await support.get<StaffUserDetail>(`/api/staff/users/${customer.id}`)).body.frozen).toBe(false);
  });
});
