/**
 * The signed-in hint cookie (docs/adr/0047-signed-in-hint-cookie.md): a cookie the PWA can read
 * that says "this browser has a session", so a signed-out visitor's page never asks GET /api/user,
 * whose 401 Chromium logs as a console error. It is a hint only: the server never reads it, and
 * who is signed in is always the session's answer. It lives as long as the session cookie, is set
 * at sign-in and on every signed-in GET /api/user (so a renewed session keeps it), and expires at
 * logout and on every 401 from GET /api/user (so a stale hint heals itself after one request).
 */
import { type Context, type Middleware } from 'koa';
import { SIGNED_IN_HINT_COOKIE } from '../../shared/constants';
import { HttpError } from '../errors';

/** Lifetime of the session cookie, and so of the hint. */
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** `secure` is the session cookie's own setting (config.secure): both cookies are Secure or neither. */
function hintOptions(secure: boolean) {
  // Not httpOnly: the PWA reads it. Never signed: nothing trusts it, so a signature would only add a cookie.
  return { path: '/', httpOnly: false, sameSite: 'lax', secure, signed: false, overwrite: true } as const;
}

export function setSignedInHint(ctx: Context, secure: boolean): void {
  ctx.cookies.set(SIGNED_IN_HINT_COOKIE, '1', { ...hintOptions(secure), maxAge: SESSION_MAX_AGE_MS });
}

/** An empty value makes the cookie library send it already expired (1970). */
export function clearSignedInHint(ctx: Context, secure: boolean): void {
  ctx.cookies.set(SIGNED_IN_HINT_COOKIE, '', hintOptions(secure));
}

/** For the current-user route: re-sets the hint when it answers signed in, expires it on a 401. */
export function followSignedInHint(secure: boolean): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      if (error instanceof HttpError && error.status === 401) clearSignedInHint(ctx, secure);
      throw error;
    }
    setSignedInHint(ctx, secure);
  };
}
