import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SkinsPage } from '../../shared/schemas/market';
import { PAGE_DATA_ID, PRERENDERED_ATTRIBUTE } from '../../pwa/src/prerender/marker';
import { type PageData } from '../../pwa/src/prerender/pageData';
import { buildListings, uniqueToken } from '../test/factories';
import { startTestApp, type TestApp } from '../test/testApp';

/** The built index.html as the build leaves it for the server (ops/prerender.ts), in a stand-in build. */
const TEMPLATE = `<!doctype html><html><head><title>SkinMarket</title><script type="module" src="/assets/index-Abc.js"></script></head><body><noscript>needs JavaScript</noscript><div id="root"></div></body></html>`;
const SHELL = TEMPLATE.replace('<div id="root"></div>', '<div id="root">the shell</div>');
/** A name that would end the data block and run a script if written out as it is. */
const HOSTILE_NAME = '</script><script>alert(1)</script><!--';

function fakeBuild(): string {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'sm-market-page-')), 'pwa');
  mkdirSync(path.join(dir, 'pages'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), SHELL);
  writeFileSync(path.join(dir, 'pages/template.html'), TEMPLATE);
  return dir;
}

/** The data block the page carries, as the browser reads it (pwa/src/prerender/pageData.ts). */
function embeddedData(html: string): PageData {
  const match = new RegExp(`<script type="application/json" id="${PAGE_DATA_ID}">([^<]*)</script>`).exec(html);
  expect(match, 'the page carries its data').not.toBeNull();
  return JSON.parse(match![1]!) as PageData;
}

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await startTestApp({ env: { PWA_DIST_DIR: fakeBuild() } });
  token = uniqueToken();
  await buildListings(app.services.dataSource, { count: 20, token, overrides: (index) => (index === 0 ? { name: HOSTILE_NAME, priceCents: 9_999_999n } : {}) });
}, 60_000);
afterAll(async () => {
  await app.close();
});

/** GET /market asking for brotli: the headers and the body as sent. */
function getCompressed(url: string): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url);
    http
      .get({ hostname, port, path: '/market', headers: { 'accept-encoding': 'br' } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('GET /market', () => {
  it("answers with the market's first page rendered into the page, and the same page as data for the hydration", async () => {
    const response = await app.client().get('/market');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = response.text;
    expect(html).toContain(`<div id="root" ${PRERENDERED_ATTRIBUTE}="/market">`);
    expect(html).toContain('<meta name="skinmarket-mode" content="simulated" />');
    expect(html).not.toContain('needs JavaScript');
    expect(html).not.toContain('the shell');

    const api = await app.client().get<SkinsPage>('/api/skins?sort=price_desc&limit=18');
    const { marketFirstPage } = embeddedData(html);
    expect(marketFirstPage.page).toEqual(api.body);
    expect(marketFirstPage.readAt).toBeLessThanOrEqual(Date.now());
    expect(api.body.items).toHaveLength(18);
    // Every card of the page is in the markup, its name written as text.
    for (const item of api.body.items.slice(1)) expect(html).toContain(`>${item.name.replace(/&/g, '&amp;')}<`);

    // Compressed as the browser asks, the same page.
    const compressed = await getCompressed(app.url);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(compressed.body).toString()).toBe(html);
  });

  it("writes a hostile skin name as text in the markup and as escapes in the data: it neither ends the data block nor runs", async () => {
    const html = (await app.client().get('/market')).text;
    const { marketFirstPage } = embeddedData(html);
    expect(marketFirstPage.page.items[0]!.name).toBe(`${HOSTILE_NAME} ${token}`);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!--');
    expect(html.match(/<script/g)).toHaveLength(2);
  });

  it('leaves a filtered view, and any other page, to the shell', async () => {
    for (const target of ['/market?search=Redline', '/market?sort=price_asc', '/market/', '/market/sell', '/listings']) {
      const response = await app.client().get(target);
      expect(response.status, target).toBe(200);
      expect(response.text, target).toContain('the shell');
      expect(response.text, target).not.toContain(PAGE_DATA_ID);
    }
  });

  it('drops a listing that left the market once the catalogue cache (a second) has passed', async () => {
    const before = embeddedData((await app.client().get('/market')).text).marketFirstPage.page.items.map((item) => item.id);
    await app.services.dataSource.query(`UPDATE listings SET status = 'cancelled', cancel_reason = 'seller' WHERE id = $1`, [before[1]]);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const after = embeddedData((await app.client().get('/market')).text).marketFirstPage.page.items.map((item) => item.id);
    expect(after).not.toContain(before[1]);
  });
});
