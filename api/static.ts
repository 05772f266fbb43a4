/**
 * Serves the built PWA. Hashed assets are cached for a year; the shell, the prerendered pages, the
 * manifest and the service worker are revalidated on every load so a new release reaches users at
 * once. Page paths of the route table answer 200 with their prerendered HTML
 * (shared/prerenderedPages.ts) or else the shell, any other page path 404 with the shell (which
 * shows the 404 screen); a missing file answers a plain 404. The staff console's pages (/staff and
 * /staff/…, but the sign-in routes under /staff/auth, which the server's router answers before
 * this) answer 200 with the console's own HTML (shared/staffConsole.ts).
 *
 * Every page (shell or prerendered, also when fetched by its file name for the service worker's
 * precache) carries the server's mode in `<meta name="skinmarket-mode">`, which shows the demo
 * banner in the first paint (by CSS: CSP forbids inline scripts).
 *
 * Pages are served from memory: each file is read, given the mode and compressed (api/encodedBody.ts)
 * once per version of the file, not on every navigation; a rebuild under a running server is picked
 * up by the file's modification time and size.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { constants } from 'node:zlib';
import { type Context, type Middleware } from 'koa';
import send from 'koa-send';
import { isPrerenderedFile, prerenderedFileOf } from '../shared/prerenderedPages';
import { isPagePath } from '../shared/routes';
import { STAFF_CONSOLE_FILE, isStaffConsolePath } from '../shared/staffConsole';
import { encodedBody, sendEncoded, type EncodedBody } from './encodedBody';
import { MARKET_PAGE_PATH, type MarketPage } from './pages/marketPage';

const ALWAYS_REVALIDATE = new Set(['index.html', STAFF_CONSOLE_FILE, 'sw.js', 'manifest.webmanifest']);

function cacheControlFor(filePath: string): string {
  const name = path.basename(filePath);
  if (ALWAYS_REVALIDATE.has(name)) return 'no-cache';
  if (filePath.includes(`${path.sep}assets${path.sep}`)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

export interface PwaOptions {
  /** Simulated Steam and payments: the shell says so and every page shows the demo banner. */
  simulated: boolean;
  /** /market rendered on request (api/pages/marketPage.ts); without it /market gets the shell. */
  marketPage?: MarketPage;
}

/** The built index.html with the mode meta element added to its head. */
export function shellWithMode(html: string, simulated: boolean): string {
  const meta = `<meta name="skinmarket-mode" content="${simulated ? 'simulated' : 'live'}" />`;
  if (/<\/head>/i.test(html)) return html.replace(/<\/head>/i, `  ${meta}\n  </head>`);
  // No head element written out: right after the doctype is still the head.
  return html.replace(/^(<!doctype[^>]*>)?/i, (doctype) => `${doctype}${meta}`);
}

/** The market page (150 KB): 10 % larger than at quality 11, in 3 ms instead of 150 (measured here). */
const RENDERED_BROTLI_QUALITY = 6;

/** A page file of the build as served, with the version of the file it was made from. */
interface ServedPage {
  body: EncodedBody;
  mtimeMs: number;
  size: number;
}

/** The served form of each page file of the build, made on first request and again when the file changes. */
function pageStore(distDir: string, simulated: boolean): (file: string) => Promise<ServedPage | null> {
  const pages = new Map<string, Promise<ServedPage>>();
  // A file of the build is compressed as far as brotli goes.
  const make = async (full: string, mtimeMs: number, size: number): Promise<ServedPage> => ({
    mtimeMs,
    size,
    body: encodedBody(Buffer.from(shellWithMode(await readFile(full, 'utf8'), simulated)), constants.BROTLI_MAX_QUALITY),
  });
  return async (file) => {
    const full = path.join(distDir, file);
    const stats = await stat(full).catch(() => null);
    if (!stats?.isFile()) return null;
    const cached = await pages.get(file)?.catch(() => null);
    if (cached && cached.mtimeMs === stats.mtimeMs && cached.size === stats.size) return cached;
    const made = make(full, stats.mtimeMs, stats.size);
    pages.set(file, made);
    return made;
  };
}

const sendPage = (ctx: Context, page: EncodedBody) => sendEncoded(ctx, page, 'text/html; charset=utf-8');

/** The market's unfiltered view, the one the server renders (filters in the query string are the app's to validate). */
function isMarketView(ctx: Context): boolean {
  return ctx.path === MARKET_PAGE_PATH && ctx.querystring === '';
}

export function servePwa(distDir: string, { simulated, marketPage }: PwaOptions): Middleware {
  const pageOf = pageStore(distDir, simulated);
  let served: { html: string; page: EncodedBody } | undefined;
  const options = {
    root: distDir,
    hidden: false,
    // koa-send answers with the build's `.br` or `.gz` twin when the browser accepts it.
    brotli: true,
    gzip: true,
    setHeaders: (res: { setHeader(name: string, value: string): void }, filePath: string) => {
      res.setHeader('Cache-Control', cacheControlFor(filePath.replace(/\.(br|gz)$/, '')));
      res.setHeader('Vary', 'Accept-Encoding');
    },
  };

  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    ctx.state.routeGroup = 'static';
    if (isStaffConsolePath(ctx.path)) {
      const consolePage = await pageOf(STAFF_CONSOLE_FILE);
      if (!consolePage) {
        ctx.status = 503;
        ctx.body = 'The staff console has not been built yet: run `npm run build` (npm start does this for you).';
        return;
      }
      ctx.status = 200;
      ctx.set('Cache-Control', cacheControlFor(STAFF_CONSOLE_FILE));
      await sendPage(ctx, consolePage.body);
      return;
    }
    const lastSegment = ctx.path.slice(ctx.path.lastIndexOf('/') + 1);
    const isPageFile = ctx.path === '/index.html' || isPrerenderedFile(ctx.path);
    if (!isPagePath(ctx.path) && lastSegment.includes('.') && !isPageFile) {
      try {
        await send(ctx, ctx.path, options);
      } catch (error) {
        const status = (error as { status?: number }).status;
        if (status !== 404 && status !== 400 && status !== 403) throw error;
        ctx.status = 404;
        ctx.type = 'text/plain';
        ctx.body = 'Not found';
      }
      return;
    }
    const rendered = ctx.method === 'GET' && marketPage && isMarketView(ctx) ? await marketPage.render() : null;
    if (rendered !== null) {
      // The same render comes back while the market's first page is unchanged: compressed once.
      if (served?.html !== rendered) served = { html: rendered, page: encodedBody(Buffer.from(shellWithMode(rendered, simulated)), RENDERED_BROTLI_QUALITY) };
      ctx.status = 200;
      ctx.set('Cache-Control', 'no-cache');
      await sendPage(ctx, served.page);
      return;
    }
    const prerendered = isPageFile ? ctx.path.slice(1) : prerenderedFileOf(ctx.path);
    // A build from before prerendering (or a test's bare shell) has only index.html.
    const page = (prerendered ? await pageOf(prerendered) : null) ?? (await pageOf('index.html'));
    if (!page) {
      ctx.status = 503;
      ctx.body = 'The app has not been built yet: run `npm run build` (npm start does this for you).';
      return;
    }
    ctx.status = isPagePath(ctx.path) || isPageFile ? 200 : 404;
    ctx.set('Cache-Control', cacheControlFor('index.html'));
    await sendPage(ctx, page.body);
  };
}
