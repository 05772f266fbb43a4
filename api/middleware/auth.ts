/**
 * Who is signed in: the session holds the user's id (set at sign-in, after the session id was
 * regenerated). `requireUser` answers 401 without one, and gives the route the user's row: the one
 * the session store read together with the session (api/sessionStore.ts), or, when the session
 * changed since (a sign-in during this request), the row read now.
 */
import { type Context, type Next } from 'koa';
import { type DataSource } from 'typeorm';
import { User } from '../entities';
import { unauthorized } from '../errors';

export interface SessionData {
  userId?: string;
  /** The pending sign-in of this browser: the one-time token carried in OpenID return_to. */
  openid?: { token: string; expiresAt: number };
}

export function sessionOf(ctx: Context): SessionData {
  return ctx.session as unknown as SessionData;
}

export type AuthedContext = Context & { state: { user: User } };

/** The user row read with this request's session, kept for `requireUser`. */
const sessionUsers = new WeakMap<Context, User>();

/** For the session store: the user of the session it just read for this request. */
export function rememberSessionUser(ctx: Context, user: User): void {
  sessionUsers.set(ctx, user);
}

export function requireUser(dataSource: DataSource) {
  return async (ctx: Context, next: Next) => {
    const userId = ctx.session ? sessionOf(ctx).userId : undefined;
    const loaded = sessionUsers.get(ctx);
    const user = !userId ? null : loaded?.id === userId ? loaded : await dataSource.getRepository(User).findOneBy({ id: userId });
    if (!user) throw unauthorized();
    ctx.state.user = user;
    await next();
  };
}
