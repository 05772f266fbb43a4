/**
 * Completes a Steam sign-in: the assertion's local checks, the one-time browser token, the nonce
 * replay guard, Steam's own confirmation (check_authentication), then the user row. Nothing is
 * written for a refused assertion except the consumed nonce.
 */
import { randomInt } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { checkAssertion } from '../auth/openid';
import { User } from '../entities';
import { type Logger } from '../logger';
import { type SteamGateway } from '../steam/gateway';

export type SignInResult = { ok: true; user: User } | { ok: false; reason: string };

interface Props {
  /** The whole query string of /auth/steam/return as received. */
  query: URLSearchParams;
  /** This browser's pending sign-in, from its session. */
  pending: { token: string; expiresAt: number } | undefined;
  /** Our return URL without the token: `${PUBLIC_URL}/auth/steam/return`. */
  returnUrl: string;
  dataSource: DataSource;
  steam: SteamGateway;
  logger: Logger;
  now?: Date;
}

const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A short code without look-alike characters, quoted by the user on manual deposits. */
export function newDepositReference(): string {
  let code = 'SM-';
  for (let i = 0; i < 8; i++) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return code;
}

export async function steamSignIn({ query, pending, returnUrl, dataSource, steam, logger, now = new Date() }: Props): Promise<SignInResult> {
  if (!pending || pending.expiresAt < now.getTime()) return { ok: false, reason: 'no pending sign-in for this browser' };
  if (query.get('token') !== pending.token) return { ok: false, reason: 'token does not belong to this browser' };

  const checked = checkAssertion(query, { endpoint: steam.openIdEndpoint, returnTo: `${returnUrl}?token=${pending.token}`, now });
  if (!checked.ok) return checked;

  const fresh = await dataSource.query(
    `INSERT INTO openid_nonces (nonce) VALUES ($1) ON CONFLICT DO NOTHING RETURNING nonce`,
    [`${steam.openIdEndpoint} ${checked.nonce}`],
  );
  if (fresh.length === 0) return { ok: false, reason: 'response_nonce was already used' };
  await dataSource.query(`DELETE FROM openid_nonces WHERE seen_at < now() - interval '10 minutes'`);

  if (!(await steam.checkAuthentication(checked.openIdParams))) return { ok: false, reason: 'Steam did not confirm the assertion' };

  const profile = await steam.getPlayerSummary(checked.steamId).catch((error: unknown) => {
    logger.warn({ err: error, steamId: checked.steamId }, 'player summary unavailable at sign-in; keeping the stored profile');
    return null;
  });

  // Steam owns the persona name, avatar and profile link: refreshed at every sign-in without
  // bumping the version that guards the user's own profile edits.
  for (let attempt = 0; ; attempt++) {
    try {
      const [row] = await dataSource.query(
        `INSERT INTO users (steam_id, username, avatar, profile_url, deposit_reference, last_login_at)
         VALUES ($1, $2, $3, $4, $5, now())
         ON CONFLICT (steam_id) DO UPDATE SET
           username = CASE WHEN $6 THEN EXCLUDED.username ELSE users.username END,
           avatar = CASE WHEN $6 THEN EXCLUDED.avatar ELSE users.avatar END,
           profile_url = CASE WHEN $6 THEN EXCLUDED.profile_url ELSE users.profile_url END,
           last_login_at = now()
         RETURNING id`,
        [checked.steamId, profile?.personaName ?? checked.steamId, profile?.avatarUrl ?? '', profile?.profileUrl ?? '', newDepositReference(), profile !== null],
      );
      const user = await dataSource.getRepository(User).findOneByOrFail({ id: (row as { id: string }).id });
      return { ok: true, user };
    } catch (error) {
      // A deposit reference collision (1 in 32^8 per pair) just draws again.
      const constraint = (error as { driverError?: { constraint?: string } }).driverError?.constraint;
      if (constraint !== 'users_deposit_reference_key' || attempt >= 3) throw error;
    }
  }
}
