/**
 * The OpenID replay guard: each provider nonce is accepted once. Nonces are remembered 10 minutes,
 * twice their 5-minute validity, so an expired assertion cannot come back as a fresh one.
 */
import { type DataSource, type EntityManager } from 'typeorm';

/** True the first time `nonce` is seen; false for a replay. */
export async function claimNonce(db: DataSource | EntityManager, nonce: string): Promise<boolean> {
  const fresh = (await db.query('INSERT INTO openid_nonces (nonce) VALUES ($1) ON CONFLICT DO NOTHING RETURNING nonce', [nonce])) as unknown[];
  await db.query(`DELETE FROM openid_nonces WHERE seen_at < now() - interval '10 minutes'`);
  return fresh.length === 1;
}
