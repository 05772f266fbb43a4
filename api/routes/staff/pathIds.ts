import { type Context, type Next } from 'koa';
import { z } from 'zod';
import { notFound } from '../../errors';

type WithParams = Context & { params: Record<string, string | undefined> };

/**
 * Lets a request through only when its path's `:id` is a uuid: anything else names no record, so it
 * is a 404 before the body is checked or any query runs.
 */
export function uuidPathId(notFoundMessage: string) {
  return async (ctx: Context, next: Next) => {
    if (!z.uuid().safeParse((ctx as WithParams).params.id).success) throw notFound(notFoundMessage);
    await next();
  };
}

/** The path's `:id`, once uuidPathId let the request through. */
export const pathId = (ctx: Context): string => (ctx as WithParams).params.id!;
