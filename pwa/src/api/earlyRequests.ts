/**
 * GET requests the page's entry (main.tsx) starts before the app's code has arrived. On a phone's
 * slow network the app's code and its first data then load side by side instead of one after the
 * other. apiFetch takes each answer once, for exactly the same path; an answer nobody took within
 * a few seconds is dropped, and the app asks again as it would have anyway.
 */
const FRESH_FOR_MS = 10_000;

const started = new Map<string, { at: number; response: Promise<Response> }>();

/** Starts GET `path` as apiFetch would. The answer it resolves to is the caller's to read. */
export function startEarlyRequest(path: string): Promise<Response> {
  const response = fetch(path, { credentials: 'include', headers: { Accept: 'application/json' } });
  // apiFetch gets a copy, made as soon as the answer arrives: before the caller reads its own.
  const copy = response.then((answer) => answer.clone());
  // A failure is apiFetch's to report if it takes the copy; one nobody takes is no error.
  copy.catch(() => {});
  started.set(path, { at: Date.now(), response: copy });
  return response;
}

/** The early answer to GET `path`, if one was started and is still fresh; each is given out once. */
export function takeEarlyResponse(path: string): Promise<Response> | undefined {
  const early = started.get(path);
  started.delete(path);
  return early && Date.now() - early.at < FRESH_FOR_MS ? early.response : undefined;
}
