/**
 * The embedded provider's state in PostgreSQL (table sim_oidc_payloads), through oidc-provider's
 * adapter interface: interactions, sessions, grants, codes and tokens, one row per model and id.
 * Its signing key lives there too. So every process of a demo deployment serves the same sign-in
 * and signs and verifies alike, and a restart signs nobody out.
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { Adapter, AdapterConstructor, AdapterPayload } from 'oidc-provider';
import { type DataSource } from 'typeorm';

interface StoredRow {
  payload: AdapterPayload;
  consumed_at: Date | null;
}

const LIVE = '(expires_at IS NULL OR expires_at > now())';

export function postgresAdapter(dataSource: DataSource): AdapterConstructor {
  return class PostgresAdapter implements Adapter {
    constructor(private readonly model: string) {}

    /** The live row of this model whose `column` is `value`, with `consumed` set once it was. */
    private async findBy(column: 'id' | 'uid' | 'user_code', value: string): Promise<AdapterPayload | undefined> {
      const [row] = (await dataSource.query(`SELECT payload, consumed_at FROM sim_oidc_payloads WHERE model = $1 AND ${column} = $2 AND ${LIVE}`, [
        this.model,
        value,
      ])) as StoredRow[];
      return row && (row.consumed_at ? { ...row.payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) } : row.payload);
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number) {
      await dataSource.query(
        `INSERT INTO sim_oidc_payloads (model, id, payload, grant_id, user_code, uid, expires_at)
         VALUES ($1, $2, $3::jsonb, $4, $5, $6, now() + $7 * interval '1 second')
         ON CONFLICT (model, id) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id,
           user_code = EXCLUDED.user_code, uid = EXCLUDED.uid, expires_at = EXCLUDED.expires_at`,
        [this.model, id, JSON.stringify(payload), payload.grantId ?? null, payload.userCode ?? null, payload.uid ?? null, expiresIn ?? null],
      );
      // Each sign-in starts with an interaction: a good moment to drop what has expired.
      if (this.model === 'Interaction') await dataSource.query('DELETE FROM sim_oidc_payloads WHERE expires_at < now()');
    }

    find(id: string) {
      return this.findBy('id', id);
    }

    findByUid(uid: string) {
      return this.findBy('uid', uid);
    }

    findByUserCode(userCode: string) {
      return this.findBy('user_code', userCode);
    }

    async consume(id: string) {
      await dataSource.query('UPDATE sim_oidc_payloads SET consumed_at = now() WHERE model = $1 AND id = $2', [this.model, id]);
    }

    async destroy(id: string) {
      await dataSource.query('DELETE FROM sim_oidc_payloads WHERE model = $1 AND id = $2', [this.model, id]);
    }

    async revokeByGrantId(grantId: string) {
      await dataSource.query('DELETE FROM sim_oidc_payloads WHERE model = $1 AND grant_id = $2', [this.model, grantId]);
    }
  };
}

/**
 * The provider's signing key set: made by the first process that needs it (the insert that loses
 * the race changes nothing), then read back, so all processes hold the same one.
 */
export async function sharedSigningKeys(dataSource: DataSource): Promise<{ keys: object[] }> {
  const read = async () =>
    ((await dataSource.query(`SELECT payload FROM sim_oidc_payloads WHERE model = 'SigningKeys' AND id = 'jwks'`)) as Array<{ payload: { keys: object[] } }>)[0]
      ?.payload;
  const stored = await read();
  if (stored) return stored;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'RS256', use: 'sig' };
  await dataSource.query(
    `INSERT INTO sim_oidc_payloads (model, id, payload) VALUES ('SigningKeys', 'jwks', $1::jsonb) ON CONFLICT (model, id) DO NOTHING`,
    [JSON.stringify({ keys: [key] })],
  );
  return (await read())!;
}
