/**
 * The simulated Steam's OpenID 2.0 provider: it issues signed positive assertions like Steam's and
 * answers check_authentication with is_valid:true only for an assertion it issued, once. The key
 * derives from the session keys, so every API process of one deployment agrees on signatures.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { OPENID_NS } from '../../auth/openid';

const SIGNED_FIELDS = ['signed', 'op_endpoint', 'claimed_id', 'identity', 'return_to', 'response_nonce', 'assoc_handle'];
const ASSOC_HANDLE = '1234567890';

export interface OpenIdProvider {
  /** The openid.* parameters of a positive assertion for `steamId`, recorded as issued. */
  issue(steamId: string, returnTo: string): Promise<Record<string, string>>;
  /** check_authentication: true once for an unaltered assertion this provider issued. */
  check(params: Record<string, string>): Promise<boolean>;
}

function keyValueForm(params: Record<string, string>, fields: string[]): string {
  return fields.map((field) => `${field}:${params[`openid.${field}`] ?? ''}\n`).join('');
}

export function createOpenIdProvider(options: { endpoint: string; secret: string; dataSource: DataSource }): OpenIdProvider {
  const key = createHmac('sha256', options.secret).update('simulated-steam-openid').digest();
  const sign = (params: Record<string, string>, fields: string[]) =>
    createHmac('sha256', key).update(keyValueForm(params, fields)).digest('base64');

  return {
    async issue(steamId, returnTo) {
      const identity = `https://steamcommunity.com/openid/id/${steamId}`;
      const params: Record<string, string> = {
        'openid.ns': OPENID_NS,
        'openid.mode': 'id_res',
        'openid.op_endpoint': options.endpoint,
        'openid.claimed_id': identity,
        'openid.identity': identity,
        'openid.return_to': returnTo,
        'openid.response_nonce': `${new Date().toISOString().slice(0, 19)}Z${randomBytes(8).toString('hex')}`,
        'openid.assoc_handle': ASSOC_HANDLE,
        'openid.signed': SIGNED_FIELDS.join(','),
      };
      params['openid.sig'] = sign(params, SIGNED_FIELDS);
      await options.dataSource.query('INSERT INTO sim_openid_assertions (sig, claimed_id) VALUES ($1, $2)', [params['openid.sig'], identity]);
      return params;
    },

    async check(params) {
      const given = params['openid.sig'];
      const fields = (params['openid.signed'] ?? '').split(',');
      if (!given || fields.some((field) => !SIGNED_FIELDS.includes(field)) || SIGNED_FIELDS.some((field) => !fields.includes(field))) {
        return false;
      }
      const expected = Buffer.from(sign(params, fields));
      const received = Buffer.from(given);
      if (expected.length !== received.length || !timingSafeEqual(expected, received)) return false;
      const used = await options.dataSource.query(
        // A CTE so the driver hands back the returned rows (a bare UPDATE gives [rows, count]).
        `WITH used AS (
           UPDATE sim_openid_assertions SET checked_at = now()
           WHERE sig = $1 AND claimed_id = $2 AND checked_at IS NULL AND issued_at > now() - interval '10 minutes'
           RETURNING sig)
         SELECT sig FROM used`,
        [given, params['openid.claimed_id'] ?? ''],
      );
      return used.length === 1;
    },
  };
}
