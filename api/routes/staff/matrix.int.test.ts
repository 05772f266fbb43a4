/**
 * Who may call each staff route: every route of /api/staff (read from the router, so a new one
 * cannot land unchecked) × {nobody, a customer, support, finance, admin}. Without a staff session
 * the answer is 401 — a customer's Steam session included — and with a role the route's ability
 * does not open it is 403; either way nothing is written (the audit log and the money stay as they
 * were). A role the ability opens gets past the check (whatever the made-up ids and empty bodies
 * then earn: 200, 400, 404, 409, never 401, 403 or a 500).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ABILITIES, type StaffAbility, type StaffRole } from '../../../shared/schemas/staff';
import { apiRouter } from '..';
import { signIn, uniqueSteamId } from '../../test/signIn';
import { DEMO_STAFF, signInStaff } from '../../test/staffSignIn';
import { startTestApp, type TestApp, type TestClient } from '../../test/testApp';

/** Each staff route and the ability it needs (null: any staff member). */
const ROUTES: Record<string, StaffAbility | null> = {
  'GET /api/staff/me': null,
  'GET /api/staff/overview': 'overview.read',
  'GET /api/staff/withdrawals': 'withdrawals.read',
  'GET /api/staff/withdrawals/:id/destination': 'withdrawals.act',
  'POST /api/staff/withdrawals/:id/approve': 'withdrawals.act',
  'POST /api/staff/withdrawals/:id/reject': 'withdrawals.act',
  'POST /api/staff/withdrawals/:id/paid': 'withdrawals.act',
  'GET /api/staff/deposits/pending': 'deposits.read',
  'POST /api/staff/deposits/credit': 'deposits.credit',
  'GET /api/staff/users': 'users.read',
  'GET /api/staff/users/:id': 'users.read',
  'POST /api/staff/users/:id/freeze': 'users.act',
  'POST /api/staff/users/:id/unfreeze': 'users.act',
  'GET /api/staff/market/attention': 'market.read',
  'POST /api/staff/market/listings/:id/cancel-lost': 'market.act',
  'POST /api/staff/market/order-items/:id/retry-delivery': 'market.act',
  'GET /api/staff/market/featured': 'market.read',
  'POST /api/staff/market/listings/:id/featured': 'market.act',
  'GET /api/staff/support': 'support.read',
  'POST /api/staff/support/:type/:id': 'support.act',
  'POST /api/staff/support/:type/:id/notes': 'support.act',
  'GET /api/staff/audit': 'audit.read',
};

type Caller = 'nobody' | 'customer' | StaffRole;
const CALLERS: Caller[] = ['nobody', 'customer', 'support', 'finance', 'admin'];

let app: TestApp;
const clients = {} as Record<Caller, TestClient>;

beforeAll(async () => {
  app = await startTestApp();
  clients.nobody = app.client();
  clients.customer = await signIn(app, uniqueSteamId());
  clients.support = await signInStaff(app, DEMO_STAFF.support);
  clients.finance = await signInStaff(app, DEMO_STAFF.finance);
  clients.admin = await signInStaff(app, DEMO_STAFF.admin);
}, 120_000);

afterAll(async () => {
  await app?.close();
});

/** What a forbidden request could have changed. */
async function footprint() {
  const [row] = (await app.services.dataSource.query(
    `SELECT (SELECT count(*) FROM audit_log)::int AS audits, (SELECT count(*) FROM ledger_entries)::int AS entries,
            (SELECT count(*) FROM users WHERE frozen_at IS NOT NULL)::int AS frozen`,
  )) as Array<Record<string, number>>;
  return row;
}

/** A concrete path for a route: made-up ids, a real support item type. */
const pathOf = (route: string) => route.replace(':type', 'contact_message').replace(/:[a-z]+/gi, () => randomUUID());

describe('staff routes × callers', () => {
  it('every /api/staff route is in this matrix', () => {
    const registered = apiRouter(app.services)
      .stack.filter((layer) => String(layer.path).startsWith('/api/staff'))
      .flatMap((layer) => layer.methods.filter((verb) => verb !== 'HEAD').map((verb) => `${verb} ${String(layer.path)}`));
    expect(registered.sort()).toEqual(Object.keys(ROUTES).sort());
  });

  for (const [route, ability] of Object.entries(ROUTES)) {
    it(`${route}`, async () => {
      const [method, template] = route.split(' ') as [string, string];
      for (const caller of CALLERS) {
        const before = await footprint();
        const response = await clients[caller].request(method, pathOf(template), method === 'POST' ? { body: {} } : {});
        const opened = caller !== 'nobody' && caller !== 'customer' && (ability === null || (STAFF_ABILITIES[ability] as readonly StaffRole[]).includes(caller));
        const expected = caller === 'nobody' || caller === 'customer' ? 401 : opened ? 'through' : 403;
        const label = `${caller} → ${response.status} ${response.text.slice(0, 200)}`;
        if (expected === 'through') {
          expect([401, 403], label).not.toContain(response.status);
          expect(response.status, label).toBeLessThan(500);
        } else {
          expect(response.status, label).toBe(expected);
          expect((response.body as { code?: string }).code, label).toBe(expected === 401 ? 'unauthorized' : 'staff_role_required');
          expect(await footprint(), label).toEqual(before);
        }
      }
    });
  }
});
