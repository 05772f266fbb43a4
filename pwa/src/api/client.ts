/**
 * The one way the PWA talks to the API: same-origin fetch with the session cookie, JSON in and
 * out, every answer checked against its shared schema (shared/answers/). Every non-OK answer
 * becomes an ApiError whose message is "<status>: <text>", where the text is the server's
 * `message`, else the body text, else the status text: that is what error toasts show. An OK answer
 * that does not match its schema is a MalformedAnswerError, never a value of the wrong shape.
 */
import { parseAnswer, type AnswerSchema } from '../../../shared/answers/z';
import { errorBodyOf, type ApiErrorBody } from '../../../shared/errorCodes';
import { takeEarlyResponse } from './earlyRequests';
import { fetchInit, type ApiCall, type ApiRequest } from './requests';

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

/** An OK answer whose body does not match the schema the PWA and the server share. */
export class MalformedAnswerError extends Error {
  constructor(what: string, problem: string) {
    super(`The server's answer to ${what} was not understood (${problem})`);
    this.name = 'MalformedAnswerError';
  }
}

export type { ApiRequest };

/** Sends a built call (./requests.ts) and parses its answer. */
export function apiCall<T>(call: ApiCall<T>): Promise<T> {
  return apiFetch(call.path, call.answer, call);
}

/** Sends a request and parses its answer with `answer` (an empty body reads as undefined). */
export async function apiFetch<T>(path: string, answer: AnswerSchema<T>, request: ApiRequest = {}): Promise<T> {
  const init = fetchInit(request);
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
  const what = `${init.method} ${path.split('?')[0]}`;
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    throw new MalformedAnswerError(what, 'not JSON');
  }
  const parsed = parseAnswer(answer, json);
  if (!parsed.ok) throw new MalformedAnswerError(what, parsed.problem);
  return parsed.value;
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
 * how every screen knows the visitor is signed out.
 */
export async function apiFetchOrNull<T>(path: string, answer: AnswerSchema<T>, request: ApiRequest = {}): Promise<T | null> {
  try {
    return await apiFetch(path, answer, request);
  } catch (error) {
    if (isUnauthorized(error)) return null;
    throw error;
  }
}
