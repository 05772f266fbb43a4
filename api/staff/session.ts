/**
 * Staff sessions, apart from customers' in every way: their own cookie (HttpOnly, SameSite=Strict,
 * `__Host-` prefixed on https), their own table, 8 hours at most and 30 minutes idle. The cookie
 * carries a random token; the table keeps only its SHA-256, so a copy of the table signs nobody in.
 * A customer's session is never a staff session: nothing here reads koa-session's `ctx.session`.
 */
import { createHash, randomBytes } from 'node:crypto';
import { type Context, type Next } from 'koa';
import { type DataSource } from 'typeorm';
import { staffCan, type StaffAbility, type StaffRole } from '../../shared/schemas/staff';
import { audit, type Actor } from '../audit/auditLog';
import { inTransaction } from '../db/transaction';
import { forbidden, unauthorized } from '../errors';

export const STAFF_SESSION_ABSOLUTE_MS = 8 * 60 * 60 * 1000;
export const STAFF_SESSION_IDLE_MS = 30 * 60 * 1000;

/** `__Host-` (https only) binds the cookie to this exact origin: no Domain, Path=/, Secure. */
export const staffCookieName = (secure: boolean) => (secure ? '__Host-sm.staff' : 'sm.staff');

export interface StaffMember {
  email: string;
  name: string;
  roles: StaffRole[];
}

export type StaffContext = Context & { state: { staff: StaffMember } };

/** How a staff member appears in the audit log. */
export const staffActor = (member: StaffMember): Actor => `staff:${member.email}`;

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

export interface StaffSessions {
  /** Starts a session for `member` (after the provider's ID token was verified) and sets its cookie. */
  start(ctx: Context, member: StaffMember, idToken: string): Promise<void>;
  /** The signed-in staff member, or null; each call counts as activity for the idle limit. */
  current(ctx: Context): Promise<StaffMember | null>;
  /** Ends the session here; returns its ID token (the provider's logout hint), if there was one. */
  end(ctx: Context): Promise<{ idToken: string } | null>;
}

export function createStaffSessions(dataSource: DataSource, options: { secure: boolean }): StaffSessions {
  const cookie = staffCookieName(options.secure);
  const cookieOptions = { httpOnly: true, sameSite: 'strict' as const, secure: options.secure, path: '/', overwrite: true, signed: false };
  const tokenOf = (ctx: Context) => {
    const token = ctx.cookies.get(cookie, { signed: false });
    return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : undefined;
  };
  return {
    async start(ctx, member, idToken) {
      const token = randomBytes(32).toString('base64url');
      // Signing in is a staff action like any other: the session and its audit row commit together.
      await inTransaction(dataSource, async (tx) => {
        await tx.query(
          `INSERT INTO staff_sessions (token_hash, email, name, roles, id_token, expires_at)
           VALUES ($1, $2, $3, $4, $5, now() + $6 * interval '1 millisecond')`,
          [hashOf(token), member.email, member.name, member.roles, idToken, STAFF_SESSION_ABSOLUTE_MS],
        );
        await audit(tx, { actor: staffActor(member), action: 'staff.signed_in', subjectType: 'staff', subjectId: member.email, details: { roles: member.roles } });
      });
      // Expired sessions are removed in passing rather than by a separate timer.
      await dataSource.query(`DELETE FROM staff_sessions WHERE expires_at < now() OR last_seen_at < now() - $1 * interval '1 millisecond'`, [
        STAFF_SESSION_IDLE_MS,
      ]);
      ctx.cookies.set(cookie, token, { ...cookieOptions, maxAge: STAFF_SESSION_ABSOLUTE_MS });
    },
    async current(ctx) {
      const token = tokenOf(ctx);
      if (!token) return null;
      // A CTE, so the driver answers with the rows whatever the statement (TypeORM pairs an UPDATE's
      // rows with its count).
      const rows = (await dataSource.query(
        `WITH seen AS (
           UPDATE staff_sessions SET last_seen_at = now()
           WHERE token_hash = $1 AND expires_at > now() AND last_seen_at > now() - $2 * interval '1 millisecond'
           RETURNING email, name, roles)
         SELECT * FROM seen`,
        [hashOf(token), STAFF_SESSION_IDLE_MS],
      )) as StaffMember[];
      return rows[0] ?? null;
    },
    async end(ctx) {
      const token = tokenOf(ctx);
      ctx.cookies.set(cookie, '', { ...cookieOptions, maxAge: 0 });
      if (!token) return null;
      return inTransaction(dataSource, async (tx) => {
        const rows = (await tx.query('WITH ended AS (DELETE FROM staff_sessions WHERE token_hash = $1 RETURNING id_token, email) SELECT * FROM ended', [
          hashOf(token),
        ])) as Array<{ id_token: string; email: string }>;
        const [ended] = rows;
        if (!ended) return null;
        await audit(tx, { actor: `staff:${ended.email}`, action: 'staff.signed_out', subjectType: 'staff', subjectId: ended.email });
        return { idToken: ended.id_token };
      });
    },
  };
}

/**
 * Lets a request through only with a staff session (else 401) whose roles allow `ability` (else
 * 403); the member is `ctx.state.staff` from there on.
 */
export function requireStaff(sessions: StaffSessions, ability?: StaffAbility) {
  return async (ctx: Context, next: Next) => {
    const member = await sessions.current(ctx);
    if (!member) throw unauthorized('Please sign in to the staff console');
    if (ability && !staffCan(member.roles, ability)) throw forbidden('Your staff role does not allow this', 'staff_role_required');
    ctx.state.staff = member;
    await next();
  };
}
