import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shellWithMode } from './static';
import { awayFromWindowEdge, startTestApp, uniqueIp, type TestApp } from './test/testApp';

/** A built chunk large enough to be worth compressing; the build writes its brotli twin beside it. */
const BIG_CHUNK = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, index) => `word-${index}`))};`;
/** Prerendered pages carry their styles: well over the 1 KiB the server starts compressing at. */
const HELP_PAGE = `<!doctype html><html><head><title>help</title><style>${'.c{color:red}'.repeat(200)}</style></head><body><div id="root">prerendered help</div></body></html>`;

/** A file beside the build (outside what is served), holding a text no served file has. */
const OUTSIDE_SECRET = `outside-the-build-${randomUUID()}`;

/** A stand-in build of the PWA, so these tests do not depend on `vite build` having run. */
function fakePwaBuild(): string {
  const parent = mkdtempSync(path.join(tmpdir(), 'sm-pwa-'));
  writeFileSync(path.join(parent, 'secret.txt'), OUTSIDE_SECRET);
  const dir = path.join(parent, 'pwa');
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><title>shell</title></head><body><div id="root"></div></body></html>');
  writeFileSync(path.join(dir, 'staff.html'), '<!doctype html><html><head><title>staff console</title></head><body><div id="root"></div></body></html>');
  mkdirSync(path.join(dir, 'pages'));
  writeFileSync(path.join(dir, 'pages/help-center.html'), HELP_PAGE);
  writeFileSync(path.join(dir, 'assets/index-Abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dir, 'assets/big-Abc123.js'), BIG_CHUNK);
  writeFileSync(path.join(dir, 'assets/big-Abc123.js.br'), brotliCompressSync(BIG_CHUNK));
  writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  writeFileSync(path.join(dir, 'manifest.webmanifest'), '{}');
  return dir;
}

/** GET with the path sent exactly as written (fetch and URL would resolve `..` segments first). */
function rawGet(url: string, rawPath: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const request = http.get({ hostname, port, path: rawPath }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, text }));
    });
    request.on('error', reject);
  });
}

/** GET with chosen headers, the body as the server sent it (fetch would undo the compression). */
function rawGetBytes(url: string, rawPath: string, headers: Record<string, string>): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const request = http.get({ hostname, port, path: rawPath, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
  });
}

let app: TestApp;
let distDir: string;
beforeAll(async () => {
  distDir = fakePwaBuild();
  app = await startTestApp({ env: { PWA_DIST_DIR: distDir } });
});
afterAll(() => app.close());

describe('GET /healthz and /readyz', () => {
  it('answers when the process and the database are up', async () => {
    const http = app.client();
    expect((await http.get('/healthz')).body).toEqual({ status: 'ok' });
    const ready = await http.get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready' });
  });
});

describe('GET /metrics', () => {
  it('counts requests by route pattern, not raw path', async () => {
    const http = app.client();
    await http.get('/readyz');
    await http.get('/api/no-such-thing-12345');
    const metrics = await http.get('/metrics');
    expect(metrics.headers.get('content-type')).toContain('text/plain');
    expect(metrics.text).toMatch(/http_requests_total\{method="GET",route="\/readyz",status="200"\} \d+/);
    expect(metrics.text).toMatch(/http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/readyz",status="200"\}/);
    expect(metrics.text).not.toContain('no-such-thing-12345');
  });
});

describe('unknown API paths', () => {
  it('answer 404 JSON in the error shape', async () => {
    const response = await app.client().get('/api/does-not-exist');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.body).toEqual({ message: 'No such API endpoint', code: 'not_found' });
  });
});

describe('request bodies', () => {
  it('refuses malformed JSON with 400', async () => {
    const response = await app.client().request('POST', '/api/anything', {
      raw: '{"amount": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Request body is not valid JSON', code: 'malformed_json' });
  });

  it('refuses a body over 100 KB with 413', async () => {
    const response = await app.client().post('/api/anything', { text: 'x'.repeat(101 * 1024) });
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ code: 'payload_too_large' });
  });

  it('refuses a non-JSON body with 415', async () => {
    const response = await app.client().request('POST', '/api/anything', {
      raw: 'amount=10',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(415);
    expect(response.body).toMatchObject({ code: 'unsupported_media_type' });
  });
});

describe('cross-site protection', () => {
  it('refuses a state-changing request another site sent', async () => {
    const http = app.client();
    const bySite = await http.post('/api/anything', {}, { 'sec-fetch-site': 'cross-site' });
    expect(bySite.status).toBe(403);
    expect(bySite.body).toMatchObject({ code: 'cross_site_request' });
    const byOrigin = await http.post('/api/anything', {}, { origin: 'https://evil.example' });
    expect(byOrigin.status).toBe(403);
  });

  it('lets same-origin requests through', async () => {
    const response = await app.client().post('/api/anything', {}, { origin: app.url, 'sec-fetch-site': 'same-origin' });
    expect(response.status).toBe(404);
  });
});

describe('security headers', () => {
  it('are on pages and API answers', async () => {
    const http = app.client();
    for (const target of ['/', '/api/nothing']) {
      const { headers } = await http.get(target);
      const csp = headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(headers.get('strict-transport-security')).toBeNull();
    }
  });
});

describe('the PWA shell', () => {
  it('answers every route of the route table with 200 and the shell', async () => {
    const http = app.client();
    for (const route of ['/', '/market', '/market/', '/market/sell', '/inventory', '/checkout', '/profile', '/add-funds', '/withdraw', '/help-center', '/contact-us', '/report-issue', '/terms-of-service', '/privacy-policy', '/refund-policy', '/listings']) {
      const response = await http.get(route);
      expect(response.status, route).toBe(200);
      expect(response.text).toContain('<div id="root">');
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('answers other page paths with 404 and the shell', async () => {
    const response = await app.client().get('/no/such/page');
    expect(response.status).toBe(404);
    expect(response.text).toContain('<div id="root">');
  });

  it('caches hashed assets for a year and revalidates the service worker', async () => {
    const http = app.client();
    const asset = await http.get('/assets/index-Abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await http.get('/sw.js')).headers.get('cache-control')).toBe('no-cache');
    expect((await http.get('/assets/missing-123.js')).status).toBe(404);
  });

  it("sends a built file's brotli twin to a browser that accepts it, and pages compressed on the way out", async () => {
    const compressed = await rawGetBytes(app.url, '/assets/big-Abc123.js', { 'accept-encoding': 'gzip, br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toMatch(/Accept-Encoding/i);
    expect(compressed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(compressed.body).toString()).toBe(BIG_CHUNK);

    const plain = await rawGetBytes(app.url, '/assets/big-Abc123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(BIG_CHUNK);

    const page = await rawGetBytes(app.url, '/help-center', { 'accept-encoding': 'br' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(page.body).toString()).toContain('prerendered help');

    const gzipped = await rawGetBytes(app.url, '/help-center', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).toString()).toBe(brotliDecompressSync(page.body).toString());

    const plainPage = await rawGetBytes(app.url, '/help-center', { 'accept-encoding': 'identity' });
    expect(plainPage.headers['content-encoding']).toBeUndefined();
    expect(plainPage.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(plainPage.body.toString()).toBe(brotliDecompressSync(page.body).toString());
  });

  it('serves a page rebuilt under the running server in its new version, in every encoding', async () => {
    const file = path.join(distDir, 'pages/privacy-policy.html');
    writeFileSync(file, HELP_PAGE.replace('prerendered help', 'privacy, first build'));
    const before = await rawGetBytes(app.url, '/privacy-policy', { 'accept-encoding': 'br' });
    expect(brotliDecompressSync(before.body).toString()).toContain('privacy, first build');

    writeFileSync(file, HELP_PAGE.replace('prerendered help', 'privacy, second build with more words'));
    const after = await rawGetBytes(app.url, '/privacy-policy', { 'accept-encoding': 'br' });
    expect(brotliDecompressSync(after.body).toString()).toContain('privacy, second build with more words');
    const plain = await rawGetBytes(app.url, '/privacy-policy', { 'accept-encoding': 'identity' });
    expect(plain.body.toString()).toContain('privacy, second build with more words');
    expect(plain.body.toString()).toContain('<meta name="skinmarket-mode" content="simulated" />');
  });

  it('never serves files outside the build', async () => {
    expect(existsSync(path.join(distDir, '../secret.txt'))).toBe(true);
    const attempts = [
      '/../secret.txt',
      '/assets/../../secret.txt',
      '/..%2fsecret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/%2e%2e/secret.txt',
      '/%2e%2e%2fsecret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/..%5csecret.txt',
      '/%2e%2e%5csecret.txt',
      '/..%252fsecret.txt',
      `/${encodeURIComponent(path.join(distDir, '../secret.txt'))}`,
    ];
    for (const attempt of attempts) {
      const response = await rawGet(app.url, attempt);
      expect(response.text, attempt).not.toContain(OUTSIDE_SECRET);
      expect([400, 404], attempt).toContain(response.status);
    }
  });
});

describe('the staff console', () => {
  it('answers /staff and every path under it with its own page, revalidated on every load', async () => {
    const http = app.client();
    for (const target of ['/staff', '/staff/', '/staff/withdrawals', '/staff/users/8f0c2a54', '/staff/withdrawals?status=paid']) {
      const response = await http.get(target);
      expect(response.status, target).toBe(200);
      expect(response.text, target).toContain('<title>staff console</title>');
      expect(response.headers.get('cache-control'), target).toBe('no-cache');
    }
    expect((await http.get('/staff.html')).headers.get('cache-control')).toBe('no-cache');
  });

  it('is never the page of a customer path, nor of the sign-in routes under /staff/auth', async () => {
    const http = app.client();
    for (const target of ['/staffing', '/no/such/page', '/staff-console', '/staff/auth/no-such-route']) {
      const response = await http.get(target);
      expect(response.status, target).toBe(404);
      expect(response.text, target).not.toContain('staff console');
    }
    expect((await http.get('/')).text).toContain('<title>shell</title>');
  });
});

describe('the mode in the shell', () => {
  it('tells the PWA it runs in simulated mode on every shell it serves', async () => {
    const http = app.client();
    for (const target of ['/', '/market', '/index.html', '/no/such/page']) {
      const response = await http.get(target);
      expect(response.text, target).toContain('<meta name="skinmarket-mode" content="simulated" />');
      expect(response.text.indexOf('skinmarket-mode'), target).toBeLessThan(response.text.indexOf('</head>'));
      expect(response.headers.get('cache-control'), target).toBe('no-cache');
    }
  });

  it('answers a prerendered page with its own HTML (also by file name, for the service worker), the rest with the shell', async () => {
    const http = app.client();
    for (const target of ['/help-center', '/help-center/', '/pages/help-center.html']) {
      const response = await http.get(target);
      expect(response.status, target).toBe(200);
      expect(response.text, target).toContain('prerendered help');
      expect(response.text, target).toContain('<meta name="skinmarket-mode" content="simulated" />');
      expect(response.headers.get('cache-control'), target).toBe('no-cache');
    }
    // A page of the list the build did not write (this stand-in build has only the Help Center) gets the shell.
    for (const target of ['/market', '/terms-of-service']) {
      const response = await http.get(target);
      expect(response.status, target).toBe(200);
      expect(response.text, target).toContain('<title>shell</title>');
    }
  });

  it('says live when both modes are live, and finds the head of a shell that writes none', () => {
    expect(shellWithMode('<!doctype html><html><head></head><body></body></html>', false)).toBe(
      '<!doctype html><html><head>  <meta name="skinmarket-mode" content="live" />\n  </head><body></body></html>',
    );
    expect(shellWithMode('<!doctype html><title>t</title>', true)).toBe('<!doctype html><meta name="skinmarket-mode" content="simulated" /><title>t</title>');
  });
});

describe('rate limits', () => {
  it('answer 429 with Retry-After past the per-IP ceiling, counted in PostgreSQL', async () => {
    const limited = await startTestApp({ app: { requestsPerMinute: 3 }, env: { TRUST_PROXY: 'true' } });
    try {
      // Counters live in the shared database: an address of its own keeps other tests out of it.
      const http = limited.client({ ip: uniqueIp() });
      await awayFromWindowEdge(60);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await http.get('/api/nothing')).status);
      expect(statuses).toEqual([404, 404, 404, 429, 429]);
      const refused = await http.get('/api/nothing');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.body).toMatchObject({ code: 'rate_limited' });
    } finally {
      await limited.close();
    }
  });
});

describe('the per-IP ceiling across processes', () => {
  it('is shared by two API processes, overshot by at most its batch (limit/50) per process', async () => {
    const [a, b] = [
      await startTestApp({ app: { requestsPerMinute: 100 }, env: { TRUST_PROXY: 'true' } }),
      await startTestApp({ app: { requestsPerMinute: 100 }, env: { TRUST_PROXY: 'true' } }),
    ];
    try {
      const ip = uniqueIp();
      await awayFromWindowEdge(60, 20);
      const statuses: number[] = [];
      for (let i = 0; i < 60; i++) {
        statuses.push((await a.client({ ip }).get('/api/nothing')).status);
        statuses.push((await b.client({ ip }).get('/api/nothing')).status);
      }
      const answered = statuses.filter((status) => status === 404).length;
      // 100 allowed in all; each process may let through its unshared batch (2) on top.
      expect(answered).toBeGreaterThanOrEqual(100);
      expect(answered).toBeLessThanOrEqual(104);
      expect(statuses.filter((status) => status === 429)).toHaveLength(120 - answered);
    } finally {
      await b.close();
      await a.close();
    }
  });
});

describe('behind an https origin', () => {
  it('sets a Secure session cookie and HSTS when PUBLIC_URL is https (TLS ended by the proxy)', async () => {
    const secure = await startTestApp({ env: { PUBLIC_URL: 'https://market.example', TRUST_PROXY: 'true', DEMO_DEPLOYMENT: 'true' } });
    try {
      const response = await fetch(`${secure.url}/auth/steam`, { redirect: 'manual', headers: { 'x-forwarded-proto': 'https' } });
      expect(response.status).toBe(302);
      const cookie = response.headers.getSetCookie().find((line) => line.startsWith('sm.sid='))!;
      expect(cookie).toMatch(/; secure/i);
      expect(cookie).toMatch(/; httponly/i);
      expect(cookie).toMatch(/; samesite=lax/i);
      expect(response.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
    } finally {
      await secure.close();
    }
  });
});
