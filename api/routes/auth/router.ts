/**
 * Steam sign-in (docs/adr/0014-steam-sign-in.md): /auth/steam (and /api/login) sends the browser to Steam
 * with a one-time token bound to its session; /auth/steam/return accepts the assertion only if
 * every check holds; /auth/logout ends the server-side session. Sign-in sets, and logout expires,
 * the signed-in hint cookie the PWA reads (auth/signedInHint.ts).
 */
import { randomBytes } from 'node:crypto';
import Router from '@koa/router';
import { type Context } from 'koa';
import { authenticationRequestUrl } from '../../auth/openid';
import { clearSignedInHint, setSignedInHint } from '../../auth/signedInHint';
import { steamSignIn } from '../../commands/steamSignIn';
import { type AppServices } from '../../context';
import { sessionOf } from '../../middleware/auth';

const PENDING_SIGN_IN_MS = 10 * 60 * 1000;
/** Sign-in requests a minute per IP: a person needs a few; more is someone probing. */
export const SIGN_IN_PER_MINUTE = 30;

export function authRouter(services: AppServices, signInPerMinute = SIGN_IN_PER_MINUTE): Router {
  const { config, dataSource, logger, rateLimiter, steam } = services;
  const limited = rateLimiter.middleware({ name: 'sign-in', limit: signInPerMinute, windowSeconds: 60 });
  const returnUrl = `${config.publicUrl}/auth/steam/return`;
  const router = new Router();

  const start = (ctx: Context) => {
    const token = randomBytes(24).toString('base64url');
    sessionOf(ctx).openid = { token, expiresAt: Date.now() + PENDING_SIGN_IN_MS };
    ctx.redirect(authenticationRequestUrl(steam.openIdEndpoint, `${returnUrl}?token=${token}`, config.publicUrl));
  };
  router.get('/auth/steam', limited, start);
  router.get('/api/login', limited, start);

  router.get('/auth/steam/return', limited, async (ctx) => {
    const session = sessionOf(ctx);
    const pending = session.openid;
    // The token is single-use whatever happens next.
    delete session.openid;
    const result = await steamSignIn({ query: new URLSearchParams(ctx.querystring), pending, returnUrl, dataSource, steam, logger });
    if (!result.ok) {
      logger.warn({ reason: result.reason }, 'Steam sign-in refused');
      ctx.redirect('/?login=failed');
      return;
    }
    session.userId = result.user.id;
    // A fresh session id at sign-in: an id planted before sign-in (session fixation) is worthless.
    await ctx.session!.regenerate();
    setSignedInHint(ctx, config.secure);
    logger.info({ steamId: result.user.steamId }, 'signed in');
    ctx.redirect('/');
  });

  router.post('/auth/logout', (ctx) => {
    ctx.session = null;
    clearSignedInHint(ctx, config.secure);
    ctx.status = 204;
  });

  return router;
}
