/**
 * The staff console's relying party: staff sign in at the company's OpenID Connect provider
 * (config.staffOidc; in simulated mode the embedded one under /dev/oidc) with openid-client. The
 * authorization code flow with PKCE (S256), `state` and `nonce`; openid-client checks the ID token
 * (signature, issuer, audience, expiry, nonce). The roles, e-mail and name are read from that
 * verified ID token, so the provider must put them there (most do for their own claims).
 */
import { createHmac } from 'node:crypto';
import * as client from 'openid-client';
import { STAFF_ROLES, type StaffRole } from '../../shared/schemas/staff';
import { isLoopbackHost, type Config } from '../config';
import { type StaffMember } from './session';

/**
 * The embedded provider's client secret: derived from the session key, so every process of a demo
 * deployment (and the provider it mounts) agrees on it without another secret to configure.
 */
export function embeddedStaffClientSecret(sessionKey: string): string {
  return createHmac('sha256', sessionKey).update('skinmarket/staff-oidc/embedded-client-secret').digest('base64url');
}

/** What the callback needs to finish a sign-in it started; the browser keeps it, signed, meanwhile. */
export interface PendingLogin {
  state: string;
  nonce: string;
  codeVerifier: string;
  /** A path under /staff to land on once signed in. */
  returnTo: string;
  /** Epoch milliseconds after which the callback refuses it. */
  expiresAt: number;
}

export const PENDING_LOGIN_MS = 10 * 60 * 1000;

/** A signed-in member, or a person the provider knows who holds no console role. */
export type SignInOutcome = { member: StaffMember; idToken: string } | { noRoleFor: string };

export interface StaffRelyingParty {
  /** The provider's authorization URL for a new sign-in, and what its callback will need. */
  begin(returnTo: string): Promise<{ url: string; pending: PendingLogin }>;
  /**
   * Completes the grant from the provider's redirect back (`callbackUrl`); throws when anything is
   * off (state, PKCE, nonce, a used code, an expired or foreign ID token, the provider's error).
   */
  finish(callbackUrl: URL, pending: PendingLogin): Promise<SignInOutcome>;
  /** The provider's end-session URL for this ID token, when it offers RP-initiated logout. */
  endSessionUrl(idToken: string): Promise<string | undefined>;
}

export interface RelyingPartyOptions {
  /**
   * Seconds added to this server's clock when checking the ID token's times (openid-client's
   * `clockSkew`); 0 in production. Tests move it forward to see an expired ID token refused.
   */
  clockSkewSeconds?: number;
}

/** The roles the provider asserts, kept only when they are console roles. */
export function staffRolesFrom(claim: unknown): StaffRole[] {
  const names = Array.isArray(claim) ? claim.filter((name) => typeof name === 'string') : typeof claim === 'string' ? claim.split(/\s+/) : [];
  return STAFF_ROLES.filter((role) => names.includes(role));
}

export function createStaffRelyingParty(
  config: Config,
  oidc: NonNullable<Config['staffOidc']>,
  sessionKey: string,
  options: RelyingPartyOptions = {},
): StaffRelyingParty {
  const issuer = new URL(oidc.issuer);
  const clientSecret = oidc.clientSecret ?? embeddedStaffClientSecret(sessionKey);
  const redirectUri = `${config.publicUrl}/staff/auth/callback`;
  // openid-client speaks https only. The embedded provider is on this server's own origin, plain
  // http unless a demo runs behind TLS; a company's provider may be on loopback in development.
  const insecure = issuer.protocol === 'http:' && (oidc.embedded || isLoopbackHost(issuer.hostname));

  // One discovery per process, shared by concurrent sign-ins; a failed one is forgotten, so the
  // next sign-in tries again instead of the server failing to start while the provider is away.
  let discovered: Promise<client.Configuration> | undefined;
  const configuration = () => {
    discovered ??= client
      .discovery(issuer, oidc.clientId, { client_secret: clientSecret, [client.clockSkew]: options.clockSkewSeconds ?? 0 }, undefined, {
        execute: insecure ? [client.allowInsecureRequests] : [],
        timeout: 10,
      })
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  };

  return {
    async begin(returnTo) {
      const provider = await configuration();
      const pending: PendingLogin = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        codeVerifier: client.randomPKCECodeVerifier(),
        returnTo,
        expiresAt: Date.now() + PENDING_LOGIN_MS,
      };
      const url = client.buildAuthorizationUrl(provider, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await client.calculatePKCECodeChallenge(pending.codeVerifier),
        code_challenge_method: 'S256',
        state: pending.state,
        nonce: pending.nonce,
      });
      return { url: url.href, pending };
    },

    async finish(callbackUrl, pending) {
      if (pending.expiresAt < Date.now()) throw new Error('the sign-in took longer than 10 minutes');
      const tokens = await client.authorizationCodeGrant(await configuration(), callbackUrl, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
      });
      const claims = tokens.claims()!;
      const email = typeof claims.email === 'string' ? claims.email.trim() : '';
      if (!email) throw new Error('the ID token has no email claim');
      const roles = staffRolesFrom(claims[config.staffRolesClaim]);
      if (roles.length === 0) return { noRoleFor: email };
      const name = typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim() : email;
      return { member: { email, name, roles }, idToken: tokens.id_token! };
    },

    async endSessionUrl(idToken) {
      const provider = await configuration();
      if (!provider.serverMetadata().end_session_endpoint) return undefined;
      return client.buildEndSessionUrl(provider, { id_token_hint: idToken, post_logout_redirect_uri: `${config.publicUrl}/staff` }).href;
    },
  };
}
