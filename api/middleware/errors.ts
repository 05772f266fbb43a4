/**
 * The single error shape: every failure leaves the API as `{message, code, fields?}` with the right
 * status, never a stack trace. A database that cannot be reached is a 503, answered quickly.
 */
import { type Middleware } from 'koa';
import { sqlState } from '../db/transaction';
import { HttpError, badRequest, databaseUnavailable } from '../errors';
import { type Logger } from '../logger';

const CONNECTION_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EPIPE', 'EHOSTUNREACH']);

/**
 * Text PostgreSQL cannot store: a NUL or bytes that are not UTF-8 (22021), a \u0000 escape in
 * JSON (22P05). The request schemas refuse such text first; this keeps one they miss a 400.
 */
const UNSTORABLE_TEXT_STATES = new Set(['22021', '22P05']);

/**
 * PostgreSQL "connection exception" (08) and "operator intervention" (57P0x) SQLSTATEs, and pg's
 * own: a connection that failed, ended or timed out (connecting, waiting for a pooled client, or
 * a query left unanswered).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const candidates = [error, (error as { driverError?: unknown })?.driverError, (error as { cause?: unknown })?.cause];
  return candidates.some((candidate) => {
    if (!candidate || typeof candidate !== 'object') return false;
    const { code, message } = candidate as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (CONNECTION_ERROR_CODES.has(code) || code.startsWith('08') || /^57P0[1-3]$/.test(code))) {
      return true;
    }
    return (
      typeof message === 'string' &&
      /timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error|Query read timeout|database system is (starting up|shutting down)/i.test(
        message,
      )
    );
  });
}

/** Errors from libraries (body parser, koa itself) that carry a client status (4xx); their messages are safe to show. */
function exposedClientError(error: unknown): HttpError | undefined {
  const { status, message } = (error ?? {}) as { status?: unknown; message?: unknown };
  if (typeof status !== 'number' || status < 400 || status >= 500) return undefined;
  if (status === 413) return new HttpError(413, 'payload_too_large', 'Request body is too large (limit 100 KB)');
  if (status === 400 && typeof message === 'string' && /JSON|Unexpected token|Unexpected end/i.test(message)) {
    return new HttpError(400, 'malformed_json', 'Request body is not valid JSON');
  }
  // The library's own error type (say 'encoding.unsupported') is not part of the contract's codes.
  const code = status === 415 ? 'unsupported_media_type' : status === 405 ? 'method_not_allowed' : 'bad_request';
  return new HttpError(status, code, typeof message === 'string' ? message : 'Bad request');
}

export function errorHandler(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      let answer = error instanceof HttpError ? error : exposedClientError(error);
      if (!answer && isDatabaseUnavailable(error)) {
        logger.warn({ err: error, path: ctx.path }, 'database unavailable');
        answer = databaseUnavailable();
      }
      if (!answer && UNSTORABLE_TEXT_STATES.has(sqlState(error) ?? '')) {
        logger.warn({ sqlState: sqlState(error), method: ctx.method, path: ctx.path }, 'text the database cannot store');
        answer = badRequest('The request holds characters that cannot be stored', undefined, 'invalid_characters');
      }
      if (!answer) {
        logger.error({ err: error, method: ctx.method, path: ctx.path }, 'unhandled error');
        answer = new HttpError(500, 'internal_error', 'Something went wrong on our side; please try again');
      }
      ctx.status = answer.status;
      for (const [name, value] of Object.entries(answer.headers ?? {})) ctx.set(name, value);
      ctx.body = { message: answer.message, code: answer.code, ...(answer.fields ? { fields: answer.fields } : {}) };
    }
  };
}
