/**
 * The real app over real HTTP for integration tests: its own DataSource on the test file's database,
 * listening on a free port. `client()` gives a cookie-keeping HTTP client, like one browser.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import path from 'node:path';

import { createApp, type AppOptions } from '../app';
import { loadConfig, type Config } from '../config';
import { createDataSource } from '../db/dataSource';
import { createLogger, type Logger } from '../logger';
import { buildRuntime } from '../services';
import { type AppServices } from '../context';
import { testDatabaseUrl } from './database';

export interface TestResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface TestClient {
  request<T = Record<string, unknown>>(method: string, path: string, init?: { body?: unknown; headers?: Record<string, string>; raw?: string }): Promise<TestResponse<T>>;
  get<T = Record<string, unknown>>(path: string, headers?: Record<string, string>): Promise<TestResponse<T>>;
  post<T = Record<string, unknown>>(path: string, body?: unknown, headers?: Record<string, string>): Promise<TestResponse<T>>;
  cookies: Map<string, string>;
}

export interface TestApp {
  url: string;
  services: AppServices;
  /** A cookie-keeping client; `ip` is sent as X-Forwarded-For (apps started with TRUST_PROXY=true). */
  client(options?: { ip?: string }): TestClient;
  close(): Promise<void>;
}

/**
 * Rate limits count in fixed windows: a burst that straddles a window's end starts counting again.
 * Waits, when needed, until a fresh window has at least `needSeconds` left.
 */
export async function awayFromWindowEdge(windowSeconds: number, needSeconds = 5): Promise<void> {
  const left = windowSeconds - ((Date.now() / 1000) % windowSeconds);
  if (left < needSeconds) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 50));
}

/** The payout-details key of test apps (ops commands in tests need the same one). */
export const TEST_ENCRYPTION_KEY = '0'.repeat(64);

/** A random documentation-range IPv6 address, so tests never share rate-limit counters. */
export function uniqueIp(): string {
  const groups = randomBytes(8).toString('hex').match(/.{4}/g)!;
  return `2001:db8::${groups.join(':')}`;
}

export async function startTestApp(
  options: { env?: Record<string, string>; app?: AppOptions; databaseUrl?: string; logger?: Logger } = {},
): Promise<TestApp> {
  const databaseUrl = options.databaseUrl ?? testDatabaseUrl();
  const dataSource = createDataSource(databaseUrl, { poolSize: 10 });
  await dataSource.initialize();
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config: Config = loadConfig({
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: url,
    DATA_DIR: path.resolve('.data/test-app'),
    SESSION_KEYS: 'test-session-key-0123456789abcdef0123456789',
    DATA_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    PWA_DIST_DIR: path.resolve('dist/pwa'),
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...options.env,
  });
  const logger = options.logger ?? createLogger(config.logLevel);
  const { services } = await buildRuntime({
    config,
    logger,
    dataSource,
    secrets: { sessionKeys: config.sessionKeys!, dataEncryptionKey: config.dataEncryptionKey! },
  });
  const app = createApp(services, { requestsPerMinute: 100_000, signInPerMinute: 100_000, withdrawalsPerMinute: 100_000, ...options.app });
  server.on('request', app.callback());

  function client(clientOptions: { ip?: string } = {}): TestClient {
    const cookies = new Map<string, string>();
    async function request<T>(method: string, requestPath: string, init: { body?: unknown; headers?: Record<string, string>; raw?: string } = {}) {
      const headers: Record<string, string> = { ...(clientOptions.ip ? { 'x-forwarded-for': clientOptions.ip } : {}), ...init.headers };
      if (cookies.size) headers.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      let body: string | undefined = init.raw;
      if (init.body !== undefined) {
        body = JSON.stringify(init.body);
        headers['content-type'] ??= 'application/json';
      }
      const response = await fetch(`${url}${requestPath}`, { method, headers, body, redirect: 'manual' });
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

  return {
    url,
    services,
    client,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await services.events.close();
      await dataSource.destroy();
    },
  };
}
