/**
 * Steam sign-in is OpenID 2.0 (not OpenID Connect). A positive assertion comes back through the
 * browser, so every field is attacker-controlled until proven otherwise. These are the local checks
 * (docs/adr/0014-steam-sign-in.md); the nonce replay check and check_authentication (asking Steam
 * whether it really issued the assertion) follow in the sign-in command. Generic OpenID libraries
 * do discovery and skip several of these checks; the known Steam login exploits used those gaps.
 */

export const OPENID_NS = 'http://specs.openid.net/auth/2.0';
const IDENTIFIER_SELECT = 'http://specs.openid.net/auth/2.0/identifier_select';
const CLAIMED_ID_PATTERN = /^https:\/\/steamcommunity\.com\/openid\/id\/(7656\d{13})$/;
/** Fields that must all be covered by the provider's signature. */
const REQUIRED_SIGNED = ['op_endpoint', 'claimed_id', 'identity', 'return_to', 'response_nonce', 'assoc_handle'];
const NONCE_MAX_AGE_MS = 5 * 60 * 1000;
/** Clocks differ a little; a nonce from further in the future than this is refused. */
const NONCE_MAX_SKEW_MS = 60 * 1000;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

export function authenticationRequestUrl(endpoint: string, returnTo: string, realm: string): string {
  const params = new URLSearchParams({
    'openid.ns': OPENID_NS,
    'openid.mode': 'checkid_setup',
    'openid.return_to': returnTo,
    'openid.realm': realm,
    'openid.identity': IDENTIFIER_SELECT,
    'openid.claimed_id': IDENTIFIER_SELECT,
  });
  return `${endpoint}?${params}`;
}

export interface AssertionExpectations {
  /** The configured provider endpoint. */
  endpoint: string;
  /** Our return URL carrying this browser's unused, unexpired one-time token. */
  returnTo: string;
  now: Date;
}

export type LocalCheck = { ok: true; steamId: string; nonce: string; openIdParams: Record<string, string> } | { ok: false; reason: string };

/** Parses the time prefix of an OpenID 2.0 response_nonce ("2025-01-29T10:00:00Z" + unique part). */
export function nonceTime(nonce: string): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z)\S{0,255}$/.exec(nonce);
  if (!match) return null;
  const time = new Date(match[1]!);
  return Number.isNaN(time.getTime()) ? null : time;
}

/**
 * Checks a positive assertion's fields. `query` is the whole query string of the return request,
 * as received (repeated keys are refused: a provider never sends them, a forger might).
 */
export function checkAssertion(query: URLSearchParams, expected: AssertionExpectations): LocalCheck {
  const params: Record<string, string> = {};
  for (const [key, value] of query) {
    if (CONTROL_CHARACTER.test(key) || CONTROL_CHARACTER.test(value)) return { ok: false, reason: 'control character in a parameter' };
    if (key in params) return { ok: false, reason: `repeated parameter ${key}` };
    params[key] = value;
  }
  const field = (name: string) => params[`openid.${name}`];

  if (field('ns') !== OPENID_NS) return { ok: false, reason: 'not an OpenID 2.0 response' };
  if (field('mode') !== 'id_res') return { ok: false, reason: `mode is ${field('mode') ?? 'missing'}` };
  if (field('op_endpoint') !== expected.endpoint) return { ok: false, reason: 'op_endpoint is not the configured endpoint' };

  const claimedId = field('claimed_id');
  if (!claimedId || claimedId !== field('identity')) return { ok: false, reason: 'claimed_id differs from identity' };
  const steamId = CLAIMED_ID_PATTERN.exec(claimedId)?.[1];
  if (!steamId) return { ok: false, reason: 'claimed_id is not a Steam identity' };

  if (field('return_to') !== expected.returnTo) return { ok: false, reason: 'return_to is not our return URL for this browser' };

  const nonce = field('response_nonce');
  const issuedAt = nonce ? nonceTime(nonce) : null;
  if (!nonce || !issuedAt) return { ok: false, reason: 'response_nonce is missing or malformed' };
  const age = expected.now.getTime() - issuedAt.getTime();
  if (age > NONCE_MAX_AGE_MS) return { ok: false, reason: 'response_nonce is too old' };
  if (age < -NONCE_MAX_SKEW_MS) return { ok: false, reason: 'response_nonce is from the future' };

  if (!field('assoc_handle') || !field('sig')) return { ok: false, reason: 'assoc_handle or sig is missing' };
  const signed = new Set((field('signed') ?? '').split(','));
  const unsigned = REQUIRED_SIGNED.filter((name) => !signed.has(name));
  if (unsigned.length) return { ok: false, reason: `not signed: ${unsigned.join(', ')}` };

  // Only openid.* fields go back to the provider; our own token parameter stays here.
  const openIdParams = Object.fromEntries(Object.entries(params).filter(([key]) => key.startsWith('openid.')));
  return { ok: true, steamId, nonce, openIdParams };
}
