/**
 * Errors the API answers with on purpose. Each carries a status and one of the contract's codes
 * (shared/errorCodes.ts); the error middleware turns them (and anything unexpected) into
 * `{message, code, fields?}`.
 */
import type { ErrorCode } from '../shared/errorCodes';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, fields?: Record<string, string>, code: ErrorCode = 'validation_failed') =>
  new HttpError(400, code, message, fields);
export const unauthorized = (message = 'Please sign in to continue') => new HttpError(401, 'unauthorized', message);
export const forbidden = (message = 'You are not allowed to do that', code: ErrorCode = 'forbidden') => new HttpError(403, code, message);
export const notFound = (message = 'Not found') => new HttpError(404, 'not_found', message);
export const conflict = (message: string, code: ErrorCode = 'conflict', fields?: Record<string, string>) =>
  new HttpError(409, code, message, fields);
export const preconditionFailed = (message = 'This record was changed elsewhere; reload and try again') =>
  new HttpError(412, 'precondition_failed', message);
export const unsupportedMediaType = (message = 'Request body must be JSON (Content-Type: application/json)') =>
  new HttpError(415, 'unsupported_media_type', message);
export const unprocessable = (message: string, code: ErrorCode = 'unprocessable') => new HttpError(422, code, message);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, 'rate_limited', 'Too many requests; please wait and try again', undefined, {
    'Retry-After': String(retryAfterSeconds),
  });
export const serviceUnavailable = (message = 'The service is temporarily unavailable; please try again shortly') =>
  new HttpError(503, 'service_unavailable', message, undefined, { 'Retry-After': '5' });
/** The database is down, frozen or unreachable: nothing was done, and a retry shortly may succeed. */
export const databaseUnavailable = () =>
  new HttpError(503, 'database_unavailable', 'The service is temporarily unavailable; please try again shortly', undefined, {
    'Retry-After': '5',
  });
