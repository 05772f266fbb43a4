/**
 * Who is signed in: the session holds the user's id (set at sign-in, after the session id was
 * regenerated). `requireUser` loads the user for a route or answers 401.
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

export function requireUser(dataSource: DataSource) {
  return async (ctx: Context, next: Next) => {
    const userId = ctx.session ? sessionOf(ctx).userId : undefined;
    const user = userId ? await dataSource.getRepository(User).findOneBy({ id: userId }) : null;
    if (!user) throw unauthorized();
    ctx.state.user = user;
    await next();
  };
}
