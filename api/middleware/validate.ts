/**
 * Request validation: a route declares zod schemas (from shared/) for its body, query and params,
 * and its handler receives the parsed, typed input. Anything that does not parse is a 400 with a
 * message per field, before the handler runs, so nothing is ever written from bad input.
 */
import { type Context, type Next } from 'koa';
import { type z, type ZodType } from 'zod';
import { badRequest } from '../errors';

interface Schemas {
  body?: ZodType;
  query?: ZodType;
  params?: ZodType;
}

type Parsed<S extends Schemas> = {
  [K in keyof S]: S[K] extends ZodType ? z.output<S[K]> : never;
};

/** Turns zod issues into `{field: message}`, first message per field; unknown keys name themselves. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  // No prototype, and own keys only: a field named '__proto__' or 'toString' is still just a field.
  const fields = Object.create(null) as Record<string, string>;
  const first = (field: string, message: string) => {
    if (!Object.hasOwn(fields, field)) fields[field] = message;
  };
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) first([...issue.path, key].join('.'), 'Unknown field');
      continue;
    }
    first(issue.path.join('.') || '_', issue.message);
  }
  return fields;
}

export function parseOrThrow<T extends ZodType>(schema: T, value: unknown, part: string): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields = fieldErrors(result.error);
  const entries = Object.entries(fields);
  const [field, message] = entries[0]!;
  const summary = message === 'Unknown field' ? `Unknown field in ${part}: ${field}` : message;
  throw badRequest(entries.length > 1 ? `${summary} (and ${entries.length - 1} more)` : summary, fields);
}

export function validated<S extends Schemas, C extends Context = Context>(
  schemas: S,
  handler: (ctx: C, input: Parsed<S>, next: Next) => Promise<void> | void,
) {
  return async (ctx: C, next: Next) => {
    const input: Record<string, unknown> = {};
    if (schemas.params) input.params = parseOrThrow(schemas.params, (ctx as unknown as { params?: unknown }).params ?? {}, 'path');
    if (schemas.query) input.query = parseOrThrow(schemas.query, { ...ctx.query }, 'query');
    if (schemas.body) input.body = parseOrThrow(schemas.body, ctx.request.body ?? {}, 'body');
    await handler(ctx, input as Parsed<S>, next);
  };
}
