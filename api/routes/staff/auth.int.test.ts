/**
 * Staff sign-in end to end: the app's relying party (openid-client) against the embedded OpenID
 * provider (oidc-provider under /dev/oidc), every hop real HTTP. Each way a sign-in can be tampered
 * with — a forged state, another nonce, a replayed code, an expired ID token — lands on
 * /staff?signin=failed with no staff session; a person without a console role gets none either.
 */
import { createHash } from 'node:crypto';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffCookieName } from '../../staff/session';
import { capturedLogger, type CapturedLog } from '../../test/capturedLog';
import { signIn, uniqueSteamId } from '../../test/signIn';
import { approveAtProvider, DEMO_STAFF, signInStaff, startStaffSignIn } from '../../test/staffSignIn';
import { startTestApp, type TestApp, type TestClient } from '../../test/testApp';

const PENDING_COOKIE = 'sm.staff-login';

let app: TestApp;
const log = capturedLogger('warn');

beforeAll(async () => {
  app = await startTestApp({ logger: log.logger });
});

afterAll(async () => {
  await app?.close();
});

const me = (client: TestClient) => client.get('/api/staff/me');

/** Why the last refused sign-in was refused, as logged. */
const lastRefusal = (captured: CapturedLog = log) => captured.lines().filter((line) => String(line.msg).startsWith('staff sign-in refused')).at(-1);

/** The staff_sessions row of the client's staff cookie. */
const sessionRow = (client: TestClient) => ({
  tokenHash: createHash('sha256').update(client.cookies.get(staffCookieName(false))!).digest('base64url'),
});

const sessionsOf = async (email: string) =>
  ((await app.services.dataSource.query('SELECT count(*)::int AS n FROM staff_sessions WHERE email = $1', [email])) as Array<{ n: number }>)[0]!.n;

/** Audit rows of `action` by a staff member. */
async function auditCount(action: string, email: string): Promise<number> {
  const [row] = (await app.services.dataSource.query('SELECT count(*)::int AS n FROM audit_log WHERE action = $1 AND actor = $2', [action, `staff:${email}`])) as Array<{ n: number }>;
  return row!.n;
}

describe('GET /staff/auth/login', () => {
  it('sends the browser to the provider with PKCE (S256), state and nonce, remembering them in a signed Lax cookie', async () => {
    const client = app.client();
    const response = await client.get('/staff/auth/login');
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(`${app.url}/dev/oidc/auth`);
    const params = location.searchParams;
    expect(params.get('response_type')).toBe('code');
    expect(params.get('redirect_uri')).toBe(`${app.url}/staff/auth/callback`);
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(params.get('state')).toBeTruthy();
    expect(params.get('nonce')).toBeTruthy();
    expect(params.get('scope')).toBe('openid email profile');
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith(`${PENDING_COOKIE}=`))!;
    expect(cookie).toMatch(/; path=\/staff\/auth;/);
    expect(cookie).toMatch(/; samesite=lax; httponly$/);
    expect(response.headers.getSetCookie().some((line) => line.startsWith(`${PENDING_COOKIE}.sig=`))).toBe(true);
  });
});

describe('GET /staff/auth/callback', () => {
  it('signs a demo staff member in: /api/staff/me answers who they are, and the audit log has it', async () => {
    const before = await auditCount('staff.signed_in', DEMO_STAFF.finance2);
    const client = await signInStaff(app, DEMO_STAFF.finance2);
    expect((await me(client)).body).toEqual({ email: DEMO_STAFF.finance2, name: 'Felix Finance', roles: ['finance'] });
    expect(client.cookies.has(PENDING_COOKIE)).toBe(false);
    expect(await auditCount('staff.signed_in', DEMO_STAFF.finance2)).toBe(before + 1);
  });

  it('lands on the returnTo path under /staff, and on /staff for anything else', async () => {
    const cases = [
      ['/staff/withdrawals?status=paid', '/staff/withdrawals?status=paid'],
      ['//evil.example/staff', '/staff'],
      ['https://evil.example/staff', '/staff'],
      ['/staff/../api/me', '/staff'],
      ['/staffing', '/staff'],
    ];
    for (const [returnTo, landing] of cases) {
      const client = app.client();
      const callback = await approveAtProvider(app, client, await startStaffSignIn(client, returnTo), DEMO_STAFF.support);
      const back = await client.get(callback);
      expect(back.headers.get('location'), returnTo).toBe(landing);
    }
  });

  it('refuses a forged state', async () => {
    const client = app.client();
    const callback = new URL(await approveAtProvider(app, client, await startStaffSignIn(client), DEMO_STAFF.admin), app.url);
    callback.searchParams.set('state', 'forged-state');
    const back = await client.get(`${callback.pathname}${callback.search}`);
    expect(back.headers.get('location')).toBe('/staff?signin=failed');
    expect(lastRefusal()?.detail).toMatch(/"state"/);
    expect((await me(client)).status).toBe(401);
  });

  it('refuses an ID token whose nonce is not the one this browser was given', async () => {
    // The same browser (its pending sign-in cookie: state and PKCE verifier) asks the provider
    // itself with the same state and code challenge but another nonce: the code is genuine, the
    // ID token is signed by the provider, only its nonce differs.
    const client = app.client();
    const authorization = new URL(await startStaffSignIn(client));
    authorization.searchParams.set('nonce', 'a-nonce-of-someone-else');
    const callback = await approveAtProvider(app, client, authorization.href, DEMO_STAFF.admin);
    const back = await client.get(callback);
    expect(back.headers.get('location')).toBe('/staff?signin=failed');
    expect(lastRefusal()?.detail).toMatch(/"nonce"/);
    expect((await me(client)).status).toBe(401);
  });

  it('refuses a replayed code: the second callback starts no session', async () => {
    const client = app.client();
    const callback = await approveAtProvider(app, client, await startStaffSignIn(client), DEMO_STAFF.support);
    // What an attacker who copied the browser's cookies and the callback URL would replay.
    const copied = new Map(client.cookies);
    expect((await client.get(callback)).headers.get('location')).toBe('/staff');
    const before = await sessionsOf(DEMO_STAFF.support);

    const again = await client.get(callback);
    expect(again.headers.get('location')).toBe('/staff?signin=failed');
    expect(lastRefusal()?.reason).toMatch(/^no pending sign-in/);
    // Even with the pending sign-in cookie restored, the provider refuses a code used once.
    const replayer = app.client();
    for (const [name, value] of copied) if (name.startsWith(PENDING_COOKIE)) replayer.cookies.set(name, value);
    const replayed = await replayer.get(callback);
    expect(replayed.headers.get('location')).toBe('/staff?signin=failed');
    expect(lastRefusal()?.providerError).toBe('invalid_grant');
    expect((await me(replayer)).status).toBe(401);
    expect(await sessionsOf(DEMO_STAFF.support)).toBe(before);
  });

  it('refuses the provider\'s error answer', async () => {
    const client = app.client();
    const authorization = new URL(await startStaffSignIn(client));
    const state = authorization.searchParams.get('state')!;
    const denied = new URLSearchParams({ error: 'access_denied', error_description: 'the person cancelled', state, iss: `${app.url}/dev/oidc` });
    expect((await client.get(`/staff/auth/callback?${denied}`)).headers.get('location')).toBe('/staff?signin=failed');
    expect(lastRefusal()).toMatchObject({ providerError: 'access_denied' });
    expect((await me(client)).status).toBe(401);
  });

  it('is answered by a provider that requires PKCE of its one client', async () => {
    const authorization = new URL(await startStaffSignIn(app.client()));
    for (const name of ['code_challenge', 'code_challenge_method']) authorization.searchParams.delete(name);
    const refused = await app.client().get(`${authorization.pathname}${authorization.search}`);
    expect(refused.status).toBe(303);
    const back = new URL(refused.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(`${app.url}/staff/auth/callback`);
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('error_description')).toMatch(/requires PKCE/);
  });

  it('refuses a callback without a pending sign-in in this browser', async () => {
    const client = app.client();
    const callback = await approveAtProvider(app, client, await startStaffSignIn(client), DEMO_STAFF.support);
    const stranger = app.client();
    expect((await stranger.get(callback)).headers.get('location')).toBe('/staff?signin=failed');
    expect(lastRefusal()?.reason).toMatch(/^no pending sign-in/);
    expect((await me(stranger)).status).toBe(401);
  });

  it('refuses an expired ID token', async () => {
    // The provider issues ID tokens valid for minutes; waiting them out would take the suite as
    // long. Instead this app's relying party runs its clock a day ahead (openid-client's
    // documented `clockSkew`), so the genuine ID token it receives is a day past its `exp`.
    const lateLog = capturedLogger('warn');
    const late = await startTestApp({ app: { staffOidcClockSkewSeconds: 24 * 60 * 60 }, logger: lateLog.logger });
    try {
      const client = late.client();
      const callback = await approveAtProvider(late, client, await startStaffSignIn(client), DEMO_STAFF.finance);
      expect((await client.get(callback)).headers.get('location')).toBe('/staff?signin=failed');
      expect(lastRefusal(lateLog)?.detail).toMatch(/"exp"/);
      expect((await me(client)).status).toBe(401);
    } finally {
      await late.close();
    }
  });

  it('gives a person without a console role no session', async () => {
    // The provider sends roles in `roles`; this app reads a claim nobody has.
    const elsewhereLog = capturedLogger('warn');
    const elsewhere = await startTestApp({ env: { STAFF_ROLES_CLAIM: 'groups' }, logger: elsewhereLog.logger });
    try {
      const client = elsewhere.client();
      const callback = await approveAtProvider(elsewhere, client, await startStaffSignIn(client), DEMO_STAFF.admin);
      expect((await client.get(callback)).headers.get('location')).toBe('/staff?signin=no_role');
      expect(lastRefusal(elsewhereLog)).toMatchObject({ msg: 'staff sign-in refused: no staff role', email: DEMO_STAFF.admin });
      expect((await me(client)).status).toBe(401);
    } finally {
      await elsewhere.close();
    }
  });
});

describe('the staff session', () => {
  it('is not a customer\'s Steam session', async () => {
    const customer = await signIn(app, uniqueSteamId());
    expect((await customer.get('/api/user')).status).toBe(200);
    expect((await me(customer)).status).toBe(401);
  });

  it('ends after 30 idle minutes', async () => {
    const client = await signInStaff(app, DEMO_STAFF.support);
    expect((await me(client)).status).toBe(200);
    await app.services.dataSource.query(`UPDATE staff_sessions SET last_seen_at = now() - interval '31 minutes' WHERE token_hash = $1`, [
      sessionRow(client).tokenHash,
    ]);
    expect((await me(client)).status).toBe(401);
  });

  it('ends at its absolute expiry however active', async () => {
    const client = await signInStaff(app, DEMO_STAFF.support);
    expect((await me(client)).status).toBe(200);
    await app.services.dataSource.query(`UPDATE staff_sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [
      sessionRow(client).tokenHash,
    ]);
    expect((await me(client)).status).toBe(401);
  });
});

describe('POST /staff/auth/logout', () => {
  it('ends the session here and hands back the provider\'s end-session URL, whose sign-out returns to /staff', async () => {
    const client = await signInStaff(app, DEMO_STAFF.admin);
    const signOuts = await auditCount('staff.signed_out', DEMO_STAFF.admin);
    const logout = await client.post<{ redirect: string }>('/staff/auth/logout');
    expect(logout.status).toBe(200);
    expect((await me(client)).status).toBe(401);
    expect(await auditCount('staff.signed_out', DEMO_STAFF.admin)).toBe(signOuts + 1);

    const endSession = new URL(logout.body.redirect);
    expect(`${endSession.origin}${endSession.pathname}`).toBe(`${app.url}/dev/oidc/session/end`);
    expect(endSession.searchParams.get('id_token_hint')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${app.url}/staff`);

    // The provider asks for confirmation with a form of its own, then sends the browser back.
    const confirm = await client.get(`${endSession.pathname}${endSession.search}`);
    expect(confirm.status).toBe(200);
    const action = /<form [^>]*action="([^"]+)"/.exec(confirm.text)![1]!;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(confirm.text)![1]!;
    const signedOut = await client.request('POST', new URL(action, app.url).pathname, {
      raw: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get('location')).toBe(`${app.url}/staff`);

    // Signed out at the provider too: the next sign-in asks who it is again.
    const authorization = new URL(await startStaffSignIn(client));
    const again = await client.get(`${authorization.pathname}${authorization.search}`);
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toMatch(/^\/dev\/oidc\/interaction\//);
  });

  it('answers /staff without a staff session', async () => {
    const logout = await app.client().post('/staff/auth/logout');
    expect(logout.status).toBe(200);
    expect(logout.body).toEqual({ redirect: '/staff' });
  });
});

describe('live mode without STAFF_OIDC_ISSUER', () => {
  let live: TestApp;

  beforeAll(async () => {
    const vapid = webpush.generateVAPIDKeys();
    live = await startTestApp({
      env: {
        ROLE: 'web',
        STEAM_MODE: 'live',
        PAYMENTS_MODE: 'live',
        STEAM_API_KEY: 'test-key',
        BOT_ACCOUNT_NAME: 'bot',
        BOT_PASSWORD: 'password',
        BOT_SHARED_SECRET: 'shared',
        BOT_IDENTITY_SECRET: 'identity',
        STRIPE_SECRET_KEY: 'sk_test_unused',
        STRIPE_WEBHOOK_SECRET: 'whsec_unused',
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
      },
    });
  });

  afterAll(async () => {
    await live?.close();
  });

  it('says the console is not configured', async () => {
    const login = await live.client().get('/staff/auth/login');
    expect(login.status).toBe(503);
    expect(login.body).toMatchObject({ code: 'staff_console_not_configured', message: expect.stringContaining('set STAFF_OIDC_ISSUER') });
  });

  it('has no embedded provider under /dev/oidc', async () => {
    // Whatever answers instead (the PWA's 404 page, or 503 where no PWA was built), not a provider.
    const discovery = await live.client().get('/dev/oidc/.well-known/openid-configuration');
    expect([404, 503]).toContain(discovery.status);
    expect(discovery.text).not.toContain('authorization_endpoint');
  });
});
