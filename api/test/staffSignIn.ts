/**
 * Signs a test client into the staff console. PROVISIONAL: until the embedded provider exists this
 * writes the session row directly; it is to go through /staff/auth/login → /dev/oidc → the callback
 * (every hop real HTTP), keeping this signature.
 */
import { createHash, randomBytes } from 'node:crypto';
import { type StaffRole } from '../../shared/schemas/staff';
import { staffCookieName, STAFF_SESSION_ABSOLUTE_MS } from '../staff/session';
import { type TestApp, type TestClient } from './testApp';

/** The embedded provider's demo staff (api/dev/oidc), by role. */
export const DEMO_STAFF = {
  support: 'support@demo.skinmarket',
  finance: 'finance@demo.skinmarket',
  finance2: 'finance2@demo.skinmarket',
  admin: 'admin@demo.skinmarket',
} as const;

const ROLES_OF: Record<string, StaffRole[]> = {
  [DEMO_STAFF.support]: ['support'],
  [DEMO_STAFF.finance]: ['finance'],
  [DEMO_STAFF.finance2]: ['finance'],
  [DEMO_STAFF.admin]: ['admin'],
};

export async function signInStaff(app: TestApp, email: string, client: TestClient = app.client()): Promise<TestClient> {
  const token = randomBytes(32).toString('base64url');
  await app.services.dataSource.query(
    `INSERT INTO staff_sessions (token_hash, email, name, roles, id_token, expires_at) VALUES ($1, $2, $3, $4, 'provisional', now() + $5 * interval '1 millisecond')`,
    [createHash('sha256').update(token).digest('base64url'), email, email.split('@')[0], ROLES_OF[email] ?? [], STAFF_SESSION_ABSOLUTE_MS],
  );
  client.cookies.set(staffCookieName(app.services.config.secure), token);
  return client;
}
