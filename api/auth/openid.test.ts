import { describe, expect, it } from 'vitest';
import { authenticationRequestUrl, checkAssertion, nonceTime, OPENID_NS } from './openid';

const endpoint = 'https://steamcommunity.com/openid/login';
const returnTo = 'https://market.example/auth/steam/return?token=tok123';
const now = new Date('2026-11-21T12:00:00Z');
const identity = 'https://steamcommunity.com/openid/id/76561198000000001';

/** A well-formed positive assertion as Steam sends it back through the browser. */
function assertion(overrides: Record<string, string | undefined> = {}): URLSearchParams {
  const fields: Record<string, string | undefined> = {
    token: 'tok123',
    'openid.ns': OPENID_NS,
    'openid.mode': 'id_res',
    'openid.op_endpoint': endpoint,
    'openid.claimed_id': identity,
    'openid.identity': identity,
    'openid.return_to': returnTo,
    'openid.response_nonce': '2026-11-21T11:59:30Zabc123',
    'openid.assoc_handle': '1234567890',
    'openid.signed': 'signed,op_endpoint,claimed_id,identity,return_to,response_nonce,assoc_handle',
    'openid.sig': 'c2lnbmF0dXJl',
    ...overrides,
  };
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) query.append(key, value);
  return query;
}

const check = (query: URLSearchParams) => checkAssertion(query, { endpoint, returnTo, now });
const refusal = (query: URLSearchParams) => {
  const result = check(query);
  return result.ok ? 'accepted' : result.reason;
};

describe('checkAssertion', () => {
  it('accepts a well-formed assertion and names the Steam id', () => {
    const result = check(assertion());
    expect(result).toMatchObject({ ok: true, steamId: '76561198000000001', nonce: '2026-11-21T11:59:30Zabc123' });
    // Only the openid.* fields go back to Steam for check_authentication.
    expect(result.ok && Object.keys(result.openIdParams).every((key) => key.startsWith('openid.'))).toBe(true);
  });

  it('refuses a mode other than id_res (e.g. a cancelled sign-in)', () => {
    expect(refusal(assertion({ 'openid.mode': 'cancel' }))).toBe('mode is cancel');
  });

  it('refuses a response that is not OpenID 2.0', () => {
    expect(refusal(assertion({ 'openid.ns': 'http://openid.net/signon/1.1' }))).toBe('not an OpenID 2.0 response');
  });

  it('refuses an assertion from another OpenID provider (op_endpoint)', () => {
    expect(refusal(assertion({ 'openid.op_endpoint': 'https://evil.example/openid/login' }))).toBe('op_endpoint is not the configured endpoint');
    expect(refusal(assertion({ 'openid.op_endpoint': `${endpoint}/` }))).toBe('op_endpoint is not the configured endpoint');
  });

  it('refuses claimed_id differing from identity', () => {
    expect(refusal(assertion({ 'openid.identity': 'https://steamcommunity.com/openid/id/76561198000000002' }))).toBe(
      'claimed_id differs from identity',
    );
  });

  it('refuses identities that only look like Steam ones', () => {
    for (const fake of [
      'https://steamcommunity.com.evil.example/openid/id/76561198000000001',
      'http://steamcommunity.com/openid/id/76561198000000001',
      'https://steamcommunity.com/openid/id/76561198000000001/',
      'https://steamcommunity.com/openid/id/7656119800000000',
      'https://steamcommunity.com/openid/id/12345678901234567',
      'https://steamcommunity.com/openid/id/76561198000000001?x=1',
    ]) {
      expect(refusal(assertion({ 'openid.claimed_id': fake, 'openid.identity': fake })), fake).toBe('claimed_id is not a Steam identity');
    }
  });

  it('refuses a return_to that is not ours with this browser token', () => {
    expect(refusal(assertion({ 'openid.return_to': 'https://market.example/auth/steam/return?token=other' }))).toBe(
      'return_to is not our return URL for this browser',
    );
    expect(refusal(assertion({ 'openid.return_to': 'https://evil.example/auth/steam/return?token=tok123' }))).toBe(
      'return_to is not our return URL for this browser',
    );
  });

  it('refuses a missing, malformed, stale or future nonce', () => {
    expect(refusal(assertion({ 'openid.response_nonce': undefined }))).toBe('response_nonce is missing or malformed');
    expect(refusal(assertion({ 'openid.response_nonce': 'yesterday-abc' }))).toBe('response_nonce is missing or malformed');
    expect(refusal(assertion({ 'openid.response_nonce': '2026-11-21T11:54:59Zabc' }))).toBe('response_nonce is too old');
    expect(refusal(assertion({ 'openid.response_nonce': '2026-11-21T12:01:30Zabc' }))).toBe('response_nonce is from the future');
  });

  it('refuses when a required field is not covered by the signature', () => {
    for (const field of ['op_endpoint', 'claimed_id', 'identity', 'return_to', 'response_nonce', 'assoc_handle']) {
      const signed = 'signed,op_endpoint,claimed_id,identity,return_to,response_nonce,assoc_handle'
        .split(',')
        .filter((name) => name !== field)
        .join(',');
      expect(refusal(assertion({ 'openid.signed': signed })), field).toBe(`not signed: ${field}`);
    }
  });

  it('refuses a missing signature or association handle', () => {
    expect(refusal(assertion({ 'openid.sig': undefined }))).toBe('assoc_handle or sig is missing');
    expect(refusal(assertion({ 'openid.assoc_handle': undefined }))).toBe('assoc_handle or sig is missing');
  });

  it('refuses control characters anywhere, in keys or values', () => {
    expect(refusal(assertion({ 'openid.assoc_handle': '1234\n567890' }))).toBe('control character in a parameter');
    expect(refusal(assertion({ 'openid.claimed_id': `${identity}\u0000` }))).toBe('control character in a parameter');
    const query = assertion();
    query.append('openid.x\rsigned', 'y');
    expect(refusal(query)).toBe('control character in a parameter');
  });

  it('refuses repeated parameters (a forger trying to confuse parsers)', () => {
    const query = assertion();
    query.append('openid.claimed_id', 'https://steamcommunity.com/openid/id/76561198000000002');
    expect(refusal(query)).toBe('repeated parameter openid.claimed_id');
  });
});

describe('nonceTime', () => {
  it('reads the UTC time prefix and rejects anything else', () => {
    expect(nonceTime('2025-01-29T10:00:00Zxyz')?.toISOString()).toBe('2025-01-29T10:00:00.000Z');
    expect(nonceTime('2025-13-45T10:00:00Zxyz')).toBeNull();
    expect(nonceTime('2025-01-29 10:00:00Zxyz')).toBeNull();
  });
});

describe('authenticationRequestUrl', () => {
  it('asks for checkid_setup with identifier_select and our realm and return_to', () => {
    const url = new URL(authenticationRequestUrl(endpoint, returnTo, 'https://market.example'));
    expect(url.origin + url.pathname).toBe(endpoint);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      'openid.ns': OPENID_NS,
      'openid.mode': 'checkid_setup',
      'openid.return_to': returnTo,
      'openid.realm': 'https://market.example',
      'openid.identity': 'http://specs.openid.net/auth/2.0/identifier_select',
      'openid.claimed_id': 'http://specs.openid.net/auth/2.0/identifier_select',
    });
  });
});
