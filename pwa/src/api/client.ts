/**
 * The one way the PWA talks to the API: same-origin fetch with the session cookie, JSON in and
 * out. Every non-OK answer becomes an ApiError whose message is "<status>: <text>" (spec section 8),
 * where the text is the server's `message`, else the body text, else the status text.
 */
import { errorBodyOf, type ApiErrorBody } from '../../../shared/errorCodes';
import { takeEarlyResponse } from './earlyRequests';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Partial<ApiErrorBody>,
  ) {
    super(`${status}: ${message}`);
    this.name = 'ApiError';
  }

  /** The server's own message without the status prefix, for toasts. */
  get detail(): string {
    return this.message.slice(String(this.status).length + 2);
  }
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...request.headers };
  const init: RequestInit = {
    method: request.method ?? 'GET',
    credentials: 'include',
    headers,
    signal: request.signal,
  };
  if (request.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(request.body);
  }
  // A GET the page's entry already started (earlyRequests.ts) is not sent twice.
  const early = init.method === 'GET' ? takeEarlyResponse(path) : undefined;
  const response = await (early ?? fetch(path, init));
  const text = await response.text();
  if (!response.ok) {
    let body: Partial<ApiErrorBody> = {};
    try {
      body = errorBodyOf(JSON.parse(text));
    } catch {
      // Not JSON (a proxy's error page, say): the raw text is the message.
    }
    throw new ApiError(response.status, body.message || text || response.statusText, body);
  }
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * True for a 401 answer: the session is gone (expired, signed out in another tab). The query client
 * turns every such error into "signed out" (queryClient.ts), so callers only need this to skip
 * their own error message for it.
 */
export function isUnauthorized(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 401;
}

/**
 * Like apiFetch, but a 401 yields null. Only the current-user call reads it this way: "no user" is
 * how every screen knows the visitor is signed out (spec section 7).
 */
export async function apiFetchOrNull<T>(path: string, request: ApiRequest = {}): Promise<T | null> {
  try {
    return await apiFetch<T>(path, request);
  } catch (error) {
    if (isUnauthorized(error)) return null;
    throw error;
  }
}
