/**
 * Staff sign-in through the company's OpenID Connect provider (api/staff/oidc.ts):
 * /staff/auth/login sends the browser to the provider, keeping the pending sign-in (state, nonce,
 * PKCE verifier, where to land) in a signed cookie; /staff/auth/callback finishes it once — the
 * cookie is cleared on every callback — and starts the staff session; /staff/auth/logout ends it
 * here and hands back the provider's end-session URL. A refused sign-in lands on
 * /staff?signin=failed (or no_role), with the reason in the log only.
 */
import Router from '@koa/router';
import { type Context } from 'koa';
import { z } from 'zod';
import { type StaffLogout } from '../../../shared/schemas/staff';
import { type AppServices } from '../../context';
import { HttpError, serviceUnavailable } from '../../errors';
import { validated } from '../../middleware/validate';
import { SIGN_IN_PER_MINUTE } from '../auth/router';
import { createStaffRelyingParty, PENDING_LOGIN_MS, type PendingLogin, type RelyingPartyOptions, type SignInOutcome } from '../../staff/oidc';

const PENDING_COOKIE = 'sm.staff-login';
const STAFF_HOME = '/staff';

const pendingLoginSchema = z.object({
  state: z.string().min(1),
  nonce: z.string().min(1),
  codeVerifier: z.string().min(43),
  returnTo: z.string().startsWith(STAFF_HOME),
  expiresAt: z.number(),
});

const loginQuery = z.object({ returnTo: z.string().max(2000).optional() });

/** A path under /staff on this origin, else /staff: the sign-in never sends anyone elsewhere. */
export function staffReturnPath(requested: string | undefined): string {
  if (!requested?.startsWith('/')) return STAFF_HOME;
  const base = 'http://return.invalid';
  const url = URL.parse(requested, base);
  if (!url || url.origin !== base || !(url.pathname === STAFF_HOME || url.pathname.startsWith(`${STAFF_HOME}/`))) return STAFF_HOME;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Why openid-client refused a sign-in, for the log: its errors keep the specifics (which check,
 * which claim) in `cause`, and the provider's own answer (invalid_grant …) in `error`.
 */
function whyRefused(error: unknown): Record<string, unknown> {
  const { message, code, cause, error: providerError, error_description: description } = error as Record<string, unknown>;
  return { reason: message, code, detail: cause instanceof Error ? cause.message : undefined, providerError, description };
}

const notConfigured = () =>
  new HttpError(
    503,
    'staff_console_not_configured',
    'The staff console is not configured: set STAFF_OIDC_ISSUER, STAFF_OIDC_CLIENT_ID and STAFF_OIDC_CLIENT_SECRET to the company\'s OpenID Connect provider',
  );

export interface StaffAuthOptions extends RelyingPartyOptions {
  /** Sign-in requests a minute per IP (tests that sign in often raise it). */
  signInPerMinute?: number;
}

export function staffAuthRouter(services: AppServices, options: StaffAuthOptions = {}): Router {
  const { config, logger, rateLimiter, staffSessions } = services;
  const relyingParty = config.staffOidc && createStaffRelyingParty(config, config.staffOidc, services.secrets.sessionKeys[0]!, options);
  const limited = rateLimiter.middleware({ name: 'staff-sign-in', limit: options.signInPerMinute ?? SIGN_IN_PER_MINUTE, windowSeconds: 60 });
  // SameSite=Lax, not Strict: the provider's redirect back is a top-level navigation from its site.
  const cookieOptions = { httpOnly: true, sameSite: 'lax' as const, secure: config.secure, path: '/staff/auth', signed: true, overwrite: true };
  const router = new Router({ prefix: '/staff/auth' });

  const takePending = (ctx: Context): PendingLogin | undefined => {
    const value = ctx.cookies.get(PENDING_COOKIE, { signed: true });
    ctx.cookies.set(PENDING_COOKIE, '', { ...cookieOptions, maxAge: 0 });
    if (!value) return undefined;
    try {
      return pendingLoginSchema.parse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
    } catch {
      return undefined;
    }
  };

  router.get(
    '/login',
    limited,
    validated({ query: loginQuery }, async (ctx, { query }) => {
      if (!relyingParty) throw notConfigured();
      const { url, pending } = await relyingParty.begin(staffReturnPath(query.returnTo)).catch((error: unknown) => {
        logger.warn({ err: error, issuer: config.staffOidc?.issuer }, 'the staff sign-in provider is unavailable');
        throw serviceUnavailable('The staff sign-in provider cannot be reached; please try again shortly');
      });
      ctx.cookies.set(PENDING_COOKIE, Buffer.from(JSON.stringify(pending)).toString('base64url'), { ...cookieOptions, maxAge: PENDING_LOGIN_MS });
      ctx.redirect(url);
    }),
  );

  const refuse = (ctx: Context, why: Record<string, unknown>) => {
    logger.warn(why, 'staff sign-in refused');
    ctx.redirect(`${STAFF_HOME}?signin=failed`);
  };

  router.get('/callback', limited, async (ctx) => {
    if (!relyingParty) throw notConfigured();
    const pending = takePending(ctx);
    if (!pending) return refuse(ctx, { reason: 'no pending sign-in in this browser (missing, forged, expired or already used)' });
    let outcome: SignInOutcome;
    try {
      outcome = await relyingParty.finish(new URL(ctx.originalUrl, config.publicUrl), pending);
    } catch (error) {
      return refuse(ctx, whyRefused(error));
    }
    if ('noRoleFor' in outcome) {
      logger.warn({ email: outcome.noRoleFor, claim: config.staffRolesClaim }, 'staff sign-in refused: no staff role');
      ctx.redirect(`${STAFF_HOME}?signin=no_role`);
      return;
    }
    await staffSessions.start(ctx, outcome.member, outcome.idToken);
    logger.info({ email: outcome.member.email, roles: outcome.member.roles }, 'staff signed in');
    ctx.redirect(pending.returnTo);
  });

  router.post('/logout', async (ctx) => {
    const ended = await staffSessions.end(ctx);
    let redirect = STAFF_HOME;
    if (ended && relyingParty) {
      // The session here is over whatever the provider says; its sign-out is a courtesy on top.
      redirect = await relyingParty.endSessionUrl(ended.idToken).then(
        (url) => url ?? STAFF_HOME,
        (error: unknown) => {
          logger.warn({ err: error }, 'the staff provider\'s end-session URL is unavailable');
          return STAFF_HOME;
        },
      );
    }
    ctx.body = { redirect } satisfies StaffLogout;
  });

  return router;
}
