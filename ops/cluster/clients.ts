/**
 * HTTP clients for a cluster's tests: one browser's cookie jar used against any of the cluster's
 * origins (nginx, or one web process directly), and an event-stream reader like EventSource.
 */
import { type TestClient, type TestResponse } from '../../api/test/testApp';

const cookieHeader = (cookies: Map<string, string>) => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');

/** A client of `base` keeping its cookies in `cookies`: pass one jar to several clients to be one browser on several origins. */
export function clientAt(base: string, cookies = new Map<string, string>()): TestClient {
  async function request<T>(method: string, requestPath: string, init: { body?: unknown; headers?: Record<string, string>; raw?: string } = {}): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...init.headers };
    if (cookies.size) headers.cookie = cookieHeader(cookies);
    let body = init.raw;
    if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${base}${requestPath}`, { method, headers, body, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      if (/expires=Thu, 01 Jan 1970/i.test(cookie)) cookies.delete(name!);
      else cookies.set(name!, value.join('='));
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: the text is the body.
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }
  return {
    request,
    get: (requestPath, headers) => request('GET', requestPath, { headers }),
    post: (requestPath, body, headers) => request('POST', requestPath, { body, headers }),
    cookies,
  };
}

export interface ReceivedEvent {
  id: string;
  event: string;
  data: Record<string, unknown>;
}

export interface EventStream {
  response: Response;
  received: ReceivedEvent[];
  /** Waits until an event satisfies `match` (at most `timeoutMs`); undefined when none did. */
  waitFor(match: (event: ReceivedEvent) => boolean, timeoutMs?: number): Promise<ReceivedEvent | undefined>;
  close(): Promise<void>;
}

/** Opens GET /api/events at `base` with the browser's cookies and collects the events as they arrive. */
export async function openEventStream(base: string, cookies: Map<string, string>): Promise<EventStream> {
  const controller = new AbortController();
  // A proxy holding the stream back may hold its headers back too: that is a failure, not a wait.
  const noHeaders = setTimeout(() => controller.abort(new Error(`no answer from ${base}/api/events within 10 s`)), 10_000);
  const response = await fetch(`${base}/api/events`, { headers: { cookie: cookieHeader(cookies), accept: 'text/event-stream' }, signal: controller.signal }).finally(() =>
    clearTimeout(noHeaders),
  );
  const received: ReceivedEvent[] = [];
  const done = (async () => {
    if (!response.ok) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      const reader = response.body!.getReader();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        buffer += decoder.decode(chunk.value, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = Object.fromEntries(block.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]));
          if (fields.event) received.push({ id: fields.id!, event: fields.event, data: JSON.parse(fields.data!) as Record<string, unknown> });
        }
      }
    } catch {
      // Closed by the test.
    }
  })();
  return {
    response,
    received,
    async waitFor(match, timeoutMs = 10_000) {
      for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 25))) {
        const found = received.find(match);
        if (found) return found;
      }
      return received.find(match);
    },
    async close() {
      controller.abort();
      await done;
    },
  };
}
