/**
 * Serves the built PWA. Hashed assets are cached for a year; the shell, the manifest and the service
 * worker are revalidated on every load so a new release reaches users at once. Page paths of the
 * route table answer 200 with the shell, any other page path 404 with the shell (which shows the
 * 404 screen); a missing file answers a plain 404.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { type Middleware } from 'koa';
import send from 'koa-send';
import { isPagePath } from '../shared/routes';

const ALWAYS_REVALIDATE = new Set(['index.html', 'sw.js', 'manifest.webmanifest']);

function cacheControlFor(filePath: string): string {
  const name = path.basename(filePath);
  if (ALWAYS_REVALIDATE.has(name)) return 'no-cache';
  if (filePath.includes(`${path.sep}assets${path.sep}`)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

export function servePwa(distDir: string): Middleware {
  const options = {
    root: distDir,
    hidden: false,
    setHeaders: (res: { setHeader(name: string, value: string): void }, filePath: string) => {
      res.setHeader('Cache-Control', cacheControlFor(filePath));
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
    if (!isPagePath(ctx.path) && lastSegment.includes('.')) {
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
    await send(ctx, 'index.html', options);
    ctx.status = isPagePath(ctx.path) ? 200 : 404;
  };
}
