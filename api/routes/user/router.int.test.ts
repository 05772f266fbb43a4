import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountIdOf } from '../../../shared/steam';
import { signIn, uniqueSteamId } from '../../test/signIn';
import { startTestApp, type TestApp } from '../../test/testApp';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const tradeUrlFor = (steamId: string, token = 'AbC123_-') => `https://steamcommunity.com/tradeoffer/new/?partner=${accountIdOf(steamId)}&token=${token}`;

describe('GET /api/user', () => {
  it('requires authentication', async () => {
    const response = await app.client().get('/api/user');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: 'Please sign in to continue', code: 'unauthorized' });
  });

  it('answers the signed-in user with an ETag of its version', async () => {
    const steamId = uniqueSteamId();
    const response = await (await signIn(app, steamId)).get('/api/user');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ steamId, balance: '0.00', email: '', tradeUrl: '', version: 1 });
    expect(response.headers.get('etag')).toBe('"1"');
  });
});

describe('PATCH /api/user/profile', () => {
  it('requires authentication', async () => {
    expect((await app.client().request('PATCH', '/api/user/profile', { body: { email: 'a@b.co' } })).status).toBe(401);
  });

  it('saves the profile and bumps the version', async () => {
    const steamId = uniqueSteamId();
    const client = await signIn(app, steamId);
    const response = await client.request('PATCH', '/api/user/profile', {
      body: { displayName: '  Ana   Lima Souza ', email: 'ana@example.com', tradeUrl: tradeUrlFor(steamId) },
      headers: { 'if-match': '"1"' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ displayName: 'Ana Lima Souza', email: 'ana@example.com', tradeUrl: tradeUrlFor(steamId), version: 2 });
    expect((await client.get('/api/user')).body).toMatchObject({ displayName: 'Ana Lima Souza', version: 2 });
  });

  it('saves the trade URL alone (the sell flow)', async () => {
    const steamId = uniqueSteamId();
    const client = await signIn(app, steamId);
    const response = await client.request('PATCH', '/api/user/profile', { body: { tradeUrl: tradeUrlFor(steamId) } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ tradeUrl: tradeUrlFor(steamId), email: '' });
  });

  it('answers 412 and changes nothing when the version is stale', async () => {
    const steamId = uniqueSteamId();
    const client = await signIn(app, steamId);
    await client.request('PATCH', '/api/user/profile', { body: { email: 'first@example.com' }, headers: { 'if-match': '1' } });
    const stale = await client.request('PATCH', '/api/user/profile', { body: { email: 'second@example.com' }, headers: { 'if-match': '1' } });
    expect(stale.status).toBe(412);
    expect(stale.body).toMatchObject({ code: 'precondition_failed' });
    expect((await client.get('/api/user')).body).toMatchObject({ email: 'first@example.com', version: 2 });
  });

  it("refuses another account's trade URL", async () => {
    const steamId = uniqueSteamId();
    const client = await signIn(app, steamId);
    const response = await client.request('PATCH', '/api/user/profile', { body: { tradeUrl: tradeUrlFor('76561198000000001') } });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ fields: { tradeUrl: 'This trade URL belongs to a different Steam account' } });
    expect((await client.get('/api/user')).body).toMatchObject({ tradeUrl: '', version: 1 });
  });

  const invalid: Array<[string, Record<string, unknown>, string, string]> = [
    ['a short first name', { displayName: 'A Lima' }, 'displayName', 'First name must be at least 2 characters'],
    ['a missing last name', { displayName: 'Ana' }, 'displayName', 'Last name is required'],
    ['a short last name', { displayName: 'Ana L' }, 'displayName', 'Last name must be at least 2 characters'],
    ['an empty e-mail', { email: '' }, 'email', 'Email is required'],
    ['a bad e-mail', { email: 'ana@example' }, 'email', 'Please enter a valid email address'],
    ['an over-long e-mail', { email: `${'a'.repeat(250)}@example.com` }, 'email', 'Email must be at most 254 characters'],
    ['an empty trade URL', { tradeUrl: '' }, 'tradeUrl', 'Trade URL is required'],
    ['a non-Steam trade URL', { tradeUrl: 'https://steamcommunity.evil/tradeoffer/new/?partner=1&token=abc' }, 'tradeUrl', 'Please enter a valid Steam trade URL'],
    ['an http trade URL', { tradeUrl: 'http://steamcommunity.com/tradeoffer/new/?partner=1&token=abc' }, 'tradeUrl', 'Please enter a valid Steam trade URL'],
    ['a wrong type', { email: 42 }, 'email', 'Email is required'],
    ['an unknown field', { balance: '1000.00' }, 'balance', 'Unknown field'],
    ['an over-long display name', { displayName: `Ana ${'x'.repeat(100)}` }, 'displayName', 'Display name must be at most 81 characters'],
  ];
  for (const [what, body, field, message] of invalid) {
    it(`refuses ${what} with 400 and changes nothing`, async () => {
      const client = await signIn(app, uniqueSteamId());
      const response = await client.request('PATCH', '/api/user/profile', { body });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'validation_failed', fields: { [field]: message } });
      expect((await client.get('/api/user')).body).toMatchObject({ version: 1 });
    });
  }

  it('refuses an empty update and a malformed If-Match', async () => {
    const client = await signIn(app, uniqueSteamId());
    expect((await client.request('PATCH', '/api/user/profile', { body: {} })).status).toBe(400);
    const badMatch = await client.request('PATCH', '/api/user/profile', { body: { email: 'a@b.co' }, headers: { 'if-match': 'yesterday' } });
    expect(badMatch.status).toBe(400);
  });
});
