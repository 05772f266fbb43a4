/**
 * How a request to the API is written (method, JSON body, headers, the session cookie), and the
 * requests both the pages and the service worker's outbox replay send, built in one place so a
 * replayed edit is the same request as one sent online.
 */
import { currentUserAnswer, type CurrentUser } from '../../../shared/answers/user';
import { paymentMethodAnswer, paymentMethodDeletedAnswer } from '../../../shared/answers/wallet';
import type { AnswerSchema } from '../../../shared/answers/z';
import type { ProfileUpdate } from '../../../shared/schemas/user';
import type { PaymentMethodBody } from '../../../shared/schemas/wallet';

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** A whole call: where it goes, what it sends, and the schema of its answer. */
export interface ApiCall<T> extends ApiRequest {
  path: string;
  answer: AnswerSchema<T>;
}

/** The fetch options of a request: JSON both ways, with the session cookie. */
export function fetchInit(request: ApiRequest): RequestInit & { method: string } {
  const headers: Record<string, string> = { Accept: 'application/json', ...request.headers };
  const init: RequestInit & { method: string } = { method: request.method ?? 'GET', credentials: 'include', headers, signal: request.signal };
  if (request.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(request.body);
  }
  return init;
}

/** The fetch options of a replayed request (the outbox, the service worker): never an answer from the HTTP cache. */
export const replayInit = (request: ApiRequest): RequestInit => ({ ...fetchInit(request), cache: 'no-store' });

/** The header that makes a retried write apply once. */
export const idempotencyHeaders = (key: string): Record<string, string> => ({ 'Idempotency-Key': key });

/** GET /api/user. */
export const currentUserCall = (): ApiCall<CurrentUser> => ({ path: '/api/user', answer: currentUserAnswer });

/** PATCH /api/user/profile, made on the profile at `baseVersion` (412 when the server's is newer). */
export const updateProfileCall = (update: ProfileUpdate, baseVersion: number, idempotencyKey: string) => ({
  path: '/api/user/profile',
  method: 'PATCH' as const,
  body: update,
  headers: { ...idempotencyHeaders(idempotencyKey), 'If-Match': `"${baseVersion}"` },
  answer: currentUserAnswer,
});

/** POST /api/payment-methods. */
export const addPaymentMethodCall = (body: PaymentMethodBody, idempotencyKey: string) => ({
  path: '/api/payment-methods',
  method: 'POST' as const,
  body,
  headers: idempotencyHeaders(idempotencyKey),
  answer: paymentMethodAnswer,
});

/** DELETE /api/payment-methods/{id}. */
export const deletePaymentMethodCall = (id: string, idempotencyKey: string) => ({
  path: `/api/payment-methods/${encodeURIComponent(id)}`,
  method: 'DELETE' as const,
  headers: idempotencyHeaders(idempotencyKey),
  answer: paymentMethodDeletedAnswer,
});
