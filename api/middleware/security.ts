/**
 * Browser-facing protections: security headers on every answer, and refusal of state-changing
 * requests that another site's page sent (a second line behind SameSite=Lax cookies).
 */
import { type Middleware } from 'koa';
import { forbidden } from '../errors';

/** Image hosts of Steam's avatars and economy images, used in live mode. */
const STEAM_IMAGE_HOSTS = [
  'https://avatars.steamstatic.com',
  'https://avatars.akamai.steamstatic.com',
  'https://avatars.cloudflare.steamstatic.com',
  'https://community.akamai.steamstatic.com',
  'https://community.cloudflare.steamstatic.com',
  'https://community.fastly.steamstatic.com',
];

export function contentSecurityPolicy(): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Chakra UI (emotion) injects <style> elements at run time; scripts stay strictly 'self'.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${STEAM_IMAGE_HOSTS.join(' ')}`,
    "font-src 'self' data:",
    // The service worker fetches the item images it caches, and its fetches count as connect-src.
    `connect-src 'self' ${STEAM_IMAGE_HOSTS.filter((host) => host.includes('//community.')).join(' ')}`,
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self' https://steamcommunity.com",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function securityHeaders(options: { secure: boolean }): Middleware {
  const csp = contentSecurityPolicy();
  return async (ctx, next) => {
    ctx.set('Content-Security-Policy', csp);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
    ctx.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (options.secure) ctx.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
    await next();
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses a state-changing request when the browser says it came from another site (Sec-Fetch-Site)
 * or from another origin (Origin). Requests without either header (server-to-server calls such as
 * payment webhooks, curl) are not browser-driven cross-site requests and pass.
 */
export function sameOriginOnly(options: { publicUrl: string; exemptPaths?: string[] }): Middleware {
  const allowedOrigin = new URL(options.publicUrl).origin;
  const exempt = new Set(options.exemptPaths ?? []);
  return async (ctx, next) => {
    if (!SAFE_METHODS.has(ctx.method) && !exempt.has(ctx.path)) {
      const site = ctx.get('Sec-Fetch-Site');
      const origin = ctx.get('Origin');
      if (site && site !== 'same-origin' && site !== 'none') {
        throw forbidden('Cross-site requests are not allowed', 'cross_site_request');
      }
      if (origin && origin !== allowedOrigin) {
        throw forbidden('Cross-origin requests are not allowed', 'cross_site_request');
      }
    }
    await next();
  };
}
