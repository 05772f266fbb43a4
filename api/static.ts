/**
 * Serves the built PWA. Hashed assets are cached for a year; the shell, the prerendered pages, the
 * manifest and the service worker are revalidated on every load so a new release reaches users at
 * once. Page paths of the route table answer 200 with their prerendered HTML
 * (shared/prerenderedPages.ts) or else the shell, any other page path 404 with the shell (which
 * shows the 404 screen); a missing file answers a plain 404.
 *
 * Every page (shell or prerendered, also when fetched by its file name for the service worker's
 * precache) carries the server's mode in `<meta name="skinmarket-mode">`, which shows the demo
 * banner in the first paint (by CSS: CSP forbids inline scripts).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type Middleware } from 'koa';
import send from 'koa-send';
import { isPrerenderedFile, prerenderedFileOf } from '../shared/prerenderedPages';
import { isPagePath } from '../shared/routes';

const ALWAYS_REVALIDATE = new Set(['index.html', 'sw.js', 'manifest.webmanifest']);

function cacheControlFor(filePath: string): string {
  const name = path.basename(filePath);
  if (ALWAYS_REVALIDATE.has(name)) return 'no-cache';
  if (filePath.includes(`${path.sep}assets${path.sep}`)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

export interface PwaOptions {
  /** Simulated Steam and payments: the shell says so and every page shows the demo banner. */
  simulated: boolean;
}

/** The built index.html with the mode meta element added to its head. */
export function shellWithMode(html: string, simulated: boolean): string {
  const meta = `<meta name="skinmarket-mode" content="${simulated ? 'simulated' : 'live'}" />`;
  if (/<\/head>/i.test(html)) return html.replace(/<\/head>/i, `  ${meta}\n  </head>`);
  // No head element written out: right after the doctype is still the head.
  return html.replace(/^(<!doctype[^>]*>)?/i, (doctype) => `${doctype}${meta}`);
}

export function servePwa(distDir: string, { simulated }: PwaOptions): Middleware {
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
    if (!existsSync(path.join(distDir, 'index.html'))) {
      ctx.status = 503;
      ctx.body = 'The app has not been built yet: run `npm run build` (npm start does this for you).';
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
    const prerendered = isPageFile ? ctx.path.slice(1) : prerenderedFileOf(ctx.path);
    // A build from before prerendering (or a test's bare shell) has only index.html.
    const file = prerendered && existsSync(path.join(distDir, prerendered)) ? prerendered : 'index.html';
    const html = await readFile(path.join(distDir, file), 'utf8');
    ctx.status = isPagePath(ctx.path) || isPageFile ? 200 : 404;
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', cacheControlFor('index.html'));
    ctx.body = shellWithMode(html, simulated);
  };
}
