import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNED_IN_HINT_COOKIE } from '../../../shared/constants';
import { SESSION_COOKIE } from '../../app';
import { SESSION_MAX_AGE_MS } from '../../auth/signedInHint';
import { assertionFor, signIn, startSignIn, uniqueSteamId } from '../../test/signIn';
import { awayFromWindowEdge, startTestApp, uniqueIp, type TestApp } from '../../test/testApp';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('GET /auth/steam', () => {
  it('sends the browser to the OpenID endpoint with a one-time token bound to its session', async () => {
    const client = app.client();
    const location = new URL(await startSignIn(client));
    expect(`${location.origin}${location.pathname}`).toBe(app.services.steam.openIdEndpoint);
    expect(location.searchParams.get('openid.mode')).toBe('checkid_setup');
    expect(location.searchParams.get('openid.realm')).toBe(app.url);
    expect(location.searchParams.get('openid.return_to')).toMatch(new RegExp(`^${app.url}/auth/steam/return\\?token=[\\w-]{32}$`));
    expect(client.cookies.has(SESSION_COOKIE)).toBe(true);
  });

  it('is also reachable as /api/login', async () => {
    const response = await app.client().get('/api/login');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toContain('openid.mode=checkid_setup');
  });
});

describe('GET /auth/steam/return', () => {
  it('signs in through the simulated provider, with a fresh session id and the Steam profile', async () => {
    const client = app.client();
    const providerUrl = await startSignIn(client);
    const sessionBefore = client.cookies.get(SESSION_COOKIE);
    const back = await client.get(await assertionFor(app, providerUrl, '76561198000000001'));
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe('/');
    const cookie = back.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`))!;
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);
    expect(client.cookies.get(SESSION_COOKIE)).not.toBe(sessionBefore);

    const user = await client.get('/api/user');
    expect(user.status).toBe(200);
    expect(user.body).toMatchObject({
      steamId: '76561198000000001',
      username: 'Demo Seller',
      balance: '0.00',
      avatar: `${app.url}/dev/steam/avatars/76561198000000001.svg`,
      profileUrl: `${app.url}/dev/steam/profiles/76561198000000001/`,
    });
    expect((user.body as { depositReference: string }).depositReference).toMatch(/^SM-[A-Z2-9]{8}$/);
  });

  it('keeps the user and deposit reference on the next sign-in', async () => {
    const steamId = uniqueSteamId();
    const first = (await (await signIn(app, steamId)).get('/api/user')).body as Record<string, unknown>;
    const second = (await (await signIn(app, steamId)).get('/api/user')).body as Record<string, unknown>;
    expect(second.depositReference).toBe(first.depositReference);
    const [{ count }] = await app.services.dataSource.query('SELECT count(*)::int AS count FROM users WHERE steam_id = $1', [steamId]);
    expect(count).toBe(1);
  });

  async function expectRefused(client: ReturnType<TestApp['client']>, returnPath: string) {
    const back = await client.get(returnPath);
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe('/?login=failed');
    expect((await client.get('/api/user')).status).toBe(401);
  }

  it('refuses a second return with the token in the same browser, even with a fresh valid assertion (the token is single-use)', async () => {
    const client = app.client();
    const providerUrl = await startSignIn(client);
    const returnTo = new URL(providerUrl).searchParams.get('openid.return_to')!;
    // The first return (the user cancelled at Steam) uses the token up, whatever its outcome.
    await expectRefused(client, `${returnTo.slice(app.url.length)}&openid.ns=http://specs.openid.net/auth/2.0&openid.mode=cancel`);
    // A valid, unused assertion for the same sign-in: only the token's single use can refuse it.
    const returnPath = await assertionFor(app, providerUrl, uniqueSteamId());
    await expectRefused(client, returnPath);
    // Refused before its nonce was recorded or Steam was asked: the assertion itself was still good.
    const query = new URL(returnPath, app.url).searchParams;
    const nonce = `${app.services.steam.openIdEndpoint} ${query.get('openid.response_nonce')}`;
    const [{ seen }] = await app.services.dataSource.query('SELECT count(*)::int AS seen FROM openid_nonces WHERE nonce = $1', [nonce]);
    expect(seen).toBe(0);
    expect(await app.services.steam.checkAuthentication(Object.fromEntries([...query].filter(([key]) => key.startsWith('openid.'))))).toBe(true);
  });

  it('refuses an assertion carried to another browser (token bound to the session)', async () => {
    const victim = app.client();
    const returnPath = await assertionFor(app, await startSignIn(victim), uniqueSteamId());
    const attacker = app.client();
    await startSignIn(attacker);
    await expectRefused(attacker, returnPath);
  });

  it('refuses a return without any pending sign-in', async () => {
    const returnPath = await assertionFor(app, await startSignIn(app.client()), uniqueSteamId());
    await expectRefused(app.client(), returnPath);
  });

  it('refuses a nonce that was already seen', async () => {
    const client = app.client();
    const returnPath = await assertionFor(app, await startSignIn(client), uniqueSteamId());
    const nonce = new URL(returnPath, app.url).searchParams.get('openid.response_nonce');
    await app.services.dataSource.query('INSERT INTO openid_nonces (nonce) VALUES ($1)', [`${app.services.steam.openIdEndpoint} ${nonce}`]);
    await expectRefused(client, returnPath);
  });

  it('refuses a tampered identity (Steam does not confirm it)', async () => {
    const client = app.client();
    const url = new URL(await assertionFor(app, await startSignIn(client), '76561198000000002'), app.url);
    const victim = 'https://steamcommunity.com/openid/id/76561198000000001';
    url.searchParams.set('openid.claimed_id', victim);
    url.searchParams.set('openid.identity', victim);
    await expectRefused(client, `${url.pathname}${url.search}`);
  });

  it('refuses a forged signature', async () => {
    const client = app.client();
    const url = new URL(await assertionFor(app, await startSignIn(client), uniqueSteamId()), app.url);
    url.searchParams.set('openid.sig', Buffer.from('forged').toString('base64'));
    await expectRefused(client, `${url.pathname}${url.search}`);
  });

  it('asks Steam only once per assertion (check_authentication answers is_valid once)', async () => {
    const client = app.client();
    const returnPath = await assertionFor(app, await startSignIn(client), uniqueSteamId());
    const params = Object.fromEntries([...new URL(returnPath, app.url).searchParams].filter(([key]) => key.startsWith('openid.')));
    expect(await app.services.steam.checkAuthentication(params)).toBe(true);
    expect(await app.services.steam.checkAuthentication(params)).toBe(false);
    await expectRefused(client, returnPath);
  });

  it('refuses a cancelled sign-in', async () => {
    const client = app.client();
    const providerUrl = new URL(await startSignIn(client));
    const returnTo = providerUrl.searchParams.get('openid.return_to')!;
    await expectRefused(client, `${returnTo.slice(app.url.length)}&openid.ns=http://specs.openid.net/auth/2.0&openid.mode=cancel`);
  });
});

describe('the simulated Steam OpenID provider', () => {
  const loginUrl = (returnTo: string, realm: string, steamId?: string) =>
    `${app.url}/dev/steam/openid/login?${new URLSearchParams({
      'openid.ns': 'http://specs.openid.net/auth/2.0',
      'openid.mode': 'checkid_setup',
      'openid.claimed_id': 'http://specs.openid.net/auth/2.0/identifier_select',
      'openid.identity': 'http://specs.openid.net/auth/2.0/identifier_select',
      'openid.return_to': returnTo,
      'openid.realm': realm,
      ...(steamId ? { steamid: steamId } : {}),
    })}`;

  it('redirects only to a return_to under this server\'s own origin', async () => {
    const elsewhere = [
      ['https://attacker.example/steal', 'https://attacker.example'],
      [`${app.url}.attacker.example/steal`, `${app.url}.attacker.example`],
      [`http://127.0.0.1:1/auth/steam/return`, 'http://127.0.0.1:1'],
      [`http://user@${new URL(app.url).host}/auth/steam/return`, `http://user@${new URL(app.url).host}`],
    ];
    for (const [returnTo, realm] of elsewhere) {
      for (const steamId of [undefined, '76561198000000001']) {
        const response = await fetch(loginUrl(returnTo!, realm!, steamId), { redirect: 'manual' });
        expect(response.status, `${returnTo} ${steamId ?? 'page'}`).toBe(400);
        expect(response.headers.get('location')).toBeNull();
      }
    }
    const own = await fetch(loginUrl(`${app.url}/auth/steam/return?token=x`, app.url, '76561198000000001'), { redirect: 'manual' });
    expect(own.status).toBe(302);
    expect(own.headers.get('location')!.startsWith(`${app.url}/auth/steam/return?token=x&`)).toBe(true);
  });
});

describe('POST /auth/logout', () => {
  it('destroys the server-side session, so the old cookie no longer works', async () => {
    const client = await signIn(app, uniqueSteamId());
    const cookie = client.cookies.get(SESSION_COOKIE)!;
    const signature = client.cookies.get(`${SESSION_COOKIE}.sig`)!;
    expect((await client.post('/auth/logout')).status).toBe(204);
    expect((await client.get('/api/user')).status).toBe(401);
    const stolen = app.client();
    stolen.cookies.set(SESSION_COOKIE, cookie);
    stolen.cookies.set(`${SESSION_COOKIE}.sig`, signature);
    expect((await stolen.get('/api/user')).status).toBe(401);
  });
});

describe('the signed-in hint cookie (readable by the PWA, never trusted)', () => {
  /** The Set-Cookie line of `name` in a response, as attribute name (lower case) → value. */
  function setCookie(response: { headers: Headers }, name: string): Map<string, string> | undefined {
    const line = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
    if (!line) return undefined;
    return new Map(
      line.split(';').map((part, index) => {
        const [key, ...value] = part.trim().split('=');
        return [index === 0 ? 'value' : key!.toLowerCase(), value.join('=')];
      }),
    );
  }

  function expectExpiring(hint: Map<string, string> | undefined) {
    expect(hint).toBeDefined();
    expect(hint!.get('value')).toBe('');
    expect(new Date(hint!.get('expires')!).getTime()).toBeLessThanOrEqual(Date.now() - 365 * 24 * 60 * 60 * 1000);
    expect(hint!.get('path')).toBe('/');
  }

  it('is set at sign-in beside the session: value 1, readable (not HttpOnly), SameSite=Lax, not Secure on http, the session cookie\'s lifetime', async () => {
    const client = app.client();
    const providerUrl = await startSignIn(client);
    const back = await client.get(await assertionFor(app, providerUrl, uniqueSteamId()));
    expect(back.status).toBe(302);
    const hint = setCookie(back, SIGNED_IN_HINT_COOKIE)!;
    const session = setCookie(back, SESSION_COOKIE)!;
    expect(hint.get('value')).toBe('1');
    expect(hint.get('path')).toBe('/');
    expect(hint.get('samesite')).toBe('lax');
    expect(hint.has('httponly')).toBe(false);
    expect(hint.has('secure')).toBe(false);
    expect(session.has('httponly')).toBe(true);
    // The cookie library writes a lifetime as Expires: both end together, a session's length from now.
    const hintExpires = new Date(hint.get('expires')!).getTime();
    expect(Math.abs(hintExpires - new Date(session.get('expires')!).getTime())).toBeLessThanOrEqual(1000);
    expect(Math.abs(hintExpires - (Date.now() + SESSION_MAX_AGE_MS))).toBeLessThanOrEqual(5000);
    // Unsigned: nothing checks it, so no signature cookie goes with it.
    expect(setCookie(back, `${SIGNED_IN_HINT_COOKIE}.sig`)).toBeUndefined();
    expect(client.cookies.get(SIGNED_IN_HINT_COOKIE)).toBe('1');
  });

  it('is Secure exactly when the session cookie is (an https public origin)', async () => {
    const secureApp = await startTestApp({ env: { PUBLIC_URL: 'https://market.example', TRUST_PROXY: 'true', DEMO_DEPLOYMENT: 'true' } });
    try {
      // Sessions live in the shared database: one made by the http app is good on the https one.
      const signedIn = await signIn(app, uniqueSteamId());
      const client = secureApp.client();
      for (const [name, value] of signedIn.cookies) client.cookies.set(name, value);
      const https = { 'x-forwarded-proto': 'https' };
      const user = await client.get('/api/user', https);
      expect(user.status).toBe(200);
      expect(setCookie(user, SIGNED_IN_HINT_COOKIE)!.get('value')).toBe('1');
      expect(setCookie(user, SIGNED_IN_HINT_COOKIE)!.has('secure')).toBe(true);
      const logout = await client.request('POST', '/auth/logout', { headers: https });
      expect(logout.status).toBe(204);
      expect(setCookie(logout, SESSION_COOKIE)!.has('secure')).toBe(true);
      expect(setCookie(logout, SIGNED_IN_HINT_COOKIE)!.has('secure')).toBe(true);
      const signedOut = await client.get('/api/user', https);
      expect(signedOut.status).toBe(401);
      expect(setCookie(signedOut, SIGNED_IN_HINT_COOKIE)!.has('secure')).toBe(true);
    } finally {
      await secureApp.close();
    }
  });

  it('expires with the 401 of GET /api/user when there is no session, even if the browser still had it', async () => {
    const client = app.client();
    client.cookies.set(SIGNED_IN_HINT_COOKIE, '1');
    const response = await client.get('/api/user');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: 'Please sign in to continue', code: 'unauthorized' });
    expectExpiring(setCookie(response, SIGNED_IN_HINT_COOKIE));
    expect(client.cookies.has(SIGNED_IN_HINT_COOKIE)).toBe(false);
    // The hint alone grants nothing.
    expect((await app.client().get('/api/user', { cookie: `${SIGNED_IN_HINT_COOKIE}=1` })).status).toBe(401);
  });

  it('is set again, for a whole session lifetime, by every signed-in GET /api/user', async () => {
    const client = await signIn(app, uniqueSteamId());
    client.cookies.delete(SIGNED_IN_HINT_COOKIE);
    const response = await client.get('/api/user');
    expect(response.status).toBe(200);
    const hint = setCookie(response, SIGNED_IN_HINT_COOKIE)!;
    expect(hint.get('value')).toBe('1');
    expect(hint.get('samesite')).toBe('lax');
    expect(hint.has('httponly')).toBe(false);
    expect(Math.abs(new Date(hint.get('expires')!).getTime() - (Date.now() + SESSION_MAX_AGE_MS))).toBeLessThanOrEqual(5000);
    expect(client.cookies.get(SIGNED_IN_HINT_COOKIE)).toBe('1');
  });

  it('expires at logout', async () => {
    const client = await signIn(app, uniqueSteamId());
    expect(client.cookies.get(SIGNED_IN_HINT_COOKIE)).toBe('1');
    const response = await client.post('/auth/logout');
    expect(response.status).toBe(204);
    expectExpiring(setCookie(response, SIGNED_IN_HINT_COOKIE));
    expect(client.cookies.has(SIGNED_IN_HINT_COOKIE)).toBe(false);
  });
});

describe('sign-in rate limit', () => {
  it('answers 429 past the sign-in requests allowed a minute from one address, counted across processes', async () => {
    const first = await startTestApp({ app: { signInPerMinute: 3 }, env: { TRUST_PROXY: 'true' } });
    const second = await startTestApp({ app: { signInPerMinute: 3 }, env: { TRUST_PROXY: 'true' } });
    try {
      const ip = uniqueIp();
      await awayFromWindowEdge(60);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await (i % 2 ? second : first).client({ ip }).get('/auth/steam')).status);
      expect(statuses).toEqual([302, 302, 302, 429, 429]);
    } finally {
      await first.close();
      await second.close();
    }
  });
});

describe('the client address behind proxies (X-Forwarded-For)', () => {
  /** Five sign-in starts whose X-Forwarded-For chains are `chainOf(i)`; the statuses they got. */
  async function signInStarts(env: Record<string, string>, chainOf: (i: number) => string): Promise<number[]> {
    const proxied = await startTestApp({ app: { signInPerMinute: 3 }, env: { TRUST_PROXY: 'true', ...env } });
    try {
      await awayFromWindowEdge(60);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await proxied.client().get('/auth/steam', { 'x-forwarded-for': chainOf(i) })).status);
      return statuses;
    } finally {
      await proxied.close();
    }
  }

  it('takes the address the one trusted proxy saw, so entries the client wrote to the left do not dodge a limit', async () => {
    const client = uniqueIp();
    expect(await signInStarts({}, () => `${uniqueIp()}, ${client}`)).toEqual([302, 302, 302, 429, 429]);
  });

  it('counts TRUST_PROXY_HOPS proxies from the right: with two, the client is the second entry from the right', async () => {
    const client = uniqueIp();
    const innerProxy = uniqueIp();
    expect(await signInStarts({ TRUST_PROXY_HOPS: '2' }, () => `${uniqueIp()}, ${client}, ${innerProxy}`)).toEqual([302, 302, 302, 429, 429]);
    // Different clients behind the same proxies are counted apart.
    expect(await signInStarts({ TRUST_PROXY_HOPS: '2' }, () => `${uniqueIp()}, ${innerProxy}`)).toEqual([302, 302, 302, 302, 302]);
  });
});

describe('several API processes on one database', () => {
  it('share sessions: one made by one process is honoured, and ended, by another', async () => {
    const other = await startTestApp();
    try {
      const steamId = uniqueSteamId();
      const client = await signIn(app, steamId);
      const onOther = other.client();
      for (const [name, value] of client.cookies) onOther.cookies.set(name, value);
      expect((await onOther.get<{ steamId: string }>('/api/user')).body.steamId).toBe(steamId);
      // Logging out on the second process ends the session on the first too.
      expect((await onOther.post('/auth/logout')).status).toBe(204);
      expect((await client.get('/api/user')).status).toBe(401);
    } finally {
      await other.close();
    }
  });
});
