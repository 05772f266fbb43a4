/**
 * Completes a Steam sign-in: the assertion's local checks, the one-time browser token, the nonce
 * replay guard, Steam's own confirmation (check_authentication), then the user row (created at the
 * first sign-in, Steam's fields refreshed at every one). Nothing is written for a refused assertion
 * except the consumed nonce.
 */
import { randomInt } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { claimNonce } from '../auth/nonces';
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

  if (!(await claimNonce(dataSource, `${steam.openIdEndpoint} ${checked.nonce}`))) return { ok: false, reason: 'response_nonce was already used' };

  if (!(await steam.checkAuthentication(checked.openIdParams))) return { ok: false, reason: 'Steam did not confirm the assertion' };

  const profile = await steam.getPlayerSummary(checked.steamId).catch((error: unknown) => {
    logger.warn({ err: error, steamId: checked.steamId }, 'player summary unavailable at sign-in; keeping the stored profile');
    return null;
  });

  // Steam owns the persona name, avatar and profile link: refreshed at every sign-in without
  // bumping the version that guards the user's own profile edits.
  for (let attempt = 0; ; attempt++) {
    try {
      const users = dataSource.getRepository(User);
      await users
        .createQueryBuilder()
        .insert()
        .values({
          steamId: checked.steamId,
          username: profile?.personaName ?? checked.steamId,
          avatar: profile?.avatarUrl ?? '',
          profileUrl: profile?.profileUrl ?? '',
          depositReference: newDepositReference(),
          lastLoginAt: () => 'now()',
        })
        // The version column is not among these: Steam's fields do not invalidate the user's edits.
        .orUpdate(profile ? ['username', 'avatar', 'profile_url', 'last_login_at'] : ['last_login_at'], ['steam_id'])
        .execute();
      return { ok: true, user: await users.findOneByOrFail({ steamId: checked.steamId }) };
    } catch (error) {
      // A deposit reference collision (1 in 32^8 per pair) just draws again.
      const constraint = (error as { driverError?: { constraint?: string } }).driverError?.constraint;
      if (constraint !== 'users_deposit_reference_key' || attempt >= 3) throw error;
    }
  }
}
