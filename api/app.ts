/**
 * The Koa application, built from its services without listening, so tests get the real app over
 * real HTTP on a port of their own. Order matters: metrics see the final status, the error handler
 * wraps everything below it, sessions and body parsing exist only where requests need them.
 */
import { randomUUID } from 'node:crypto';
import { bodyParser } from '@koa/bodyparser';
import Koa, { type Middleware } from 'koa';
import compose from 'koa-compose';
import compress from 'koa-compress';
import { Gauge } from 'prom-client';
import session from 'koa-session';
import { SESSION_MAX_AGE_MS } from './auth/signedInHint';
import { type AppServices } from './context';
import { notFound, unsupportedMediaType } from './errors';
import { withLogContext } from './logger';
import { errorHandler } from './middleware/errors';
import { registerJobMetrics } from './jobs/metrics';
import { registerLedgerMetrics } from './ledger/metrics';
import { registerMarketMetrics } from './market/metrics';
import { createMetrics } from './middleware/metrics';
import { securityHeaders, sameOriginOnly } from './middleware/security';
import { authRouter } from './routes/auth/router';
import { staffAuthRouter } from './routes/staff/auth';
import { healthRouter } from './routes/health/router';
import { apiFallback, apiRouter } from './routes';
import { createSessionStore } from './sessionStore';
import { createCachedCatalogue } from './market/catalogueCache';
import { createMarketPage } from './pages/marketPage';
import { servePwa } from './static';

export const SESSION_COOKIE = 'sm.sid';
/** Public reads that answer the same to everybody (api/routes/market/router.ts, api/routes/items/router.ts). */
const SESSIONLESS_PATHS = ['/api/skins', '/api/featured-skins', '/api/market-stats', '/api/items'];
const JSON_LIMIT = '100kb';

export interface AppOptions {
  /** Requests per minute per IP on /api and /auth before 429 (shared across processes). */
  requestsPerMinute?: number;
  /** Sign-in requests per minute per IP (tests that sign in often raise it). */
  signInPerMinute?: number;
  /** Withdrawal requests per minute per user (the concurrency tests raise it). */
  withdrawalsPerMinute?: number;
  /**
   * Load the app's modules for the market page (api/pages/marketPage.ts) right away, not on the
   * first navigation to /market: the server does; tests that never open /market need not.
   */
  warmPages?: boolean;
  /**
   * Seconds the staff sign-in adds to this server's clock when checking ID tokens (0): the tests of
   * an expired ID token move it forward rather than wait an hour.
   */
  staffOidcClockSkewSeconds?: number;
}

const isUnder = (path: string, prefixes: string[]) => prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

/** Runs `middleware` only for paths under one of `prefixes`. */
function under(prefixes: string[], middleware: Middleware): Middleware {
  return (ctx, next) => (isUnder(ctx.path, prefixes) ? middleware(ctx, next) : next());
}

/** Runs `middleware` except for paths under one of `prefixes`. */
function notUnder(prefixes: string[], middleware: Middleware): Middleware {
  return (ctx, next) => (isUnder(ctx.path, prefixes) ? next() : middleware(ctx, next));
}

/** API bodies are JSON only; anything else that carries a body is refused before parsing. */
const jsonBodiesOnly: Middleware = async (ctx, next) => {
  const hasBody = Number(ctx.get('Content-Length') || 0) > 0 || ctx.get('Transfer-Encoding') !== '';
  if (hasBody && !ctx.is('application/json')) throw unsupportedMediaType();
  await next();
};

/**
 * A request id from the load balancer or client is kept when it is plainly an id, so one request
 * can be followed from the proxy's logs into ours; anything else (spaces, quotes, control
 * characters, a huge value) could forge or break log lines and is replaced by a fresh one.
 */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

function requestLog(services: AppServices): Middleware {
  return (ctx, next) => {
    const given = ctx.get('X-Request-Id');
    const requestId = SANE_REQUEST_ID.test(given) ? given : randomUUID();
    ctx.set('X-Request-Id', requestId);
    // Every line logged while the request is handled, however deep, carries the id (api/logger.ts).
    return withLogContext({ requestId }, async () => {
      const started = Date.now();
      try {
        await next();
      } finally {
        services.logger.info({ method: ctx.method, path: ctx.path, status: ctx.status, ms: Date.now() - started }, 'request');
      }
    });
  };
}

/** Every process's /metrics: HTTP, the market, jobs and ledger figures, and whether this process leads the bot. */
function processMetrics(services: AppServices) {
  const metrics = createMetrics();
  registerMarketMetrics(metrics.registry, services.dataSource);
  registerJobMetrics(metrics.registry, services.dataSource);
  registerLedgerMetrics(metrics.registry, services.dataSource);
  new Gauge({
    name: 'skinmarket_trade_bot_leader',
    help: 'Whether this process runs the trade bot (1: the leader; one per deployment)',
    registers: [metrics.registry],
    collect() {
      this.set(services.runsBot() ? 1 : 0);
    },
  });
  return metrics;
}

/**
 * A worker's HTTP side: only what probes and Prometheus ask for (/healthz, /readyz, /metrics); the
 * API, pages and event streams are the web processes'.
 */
export function createWorkerApp(services: AppServices) {
  const app = new Koa({ proxy: services.config.trustProxy, maxIpsCount: services.config.trustProxyHops });
  const metrics = processMetrics(services);
  app.use(metrics.middleware);
  app.use(requestLog(services));
  app.use(errorHandler(services.logger));
  app.use(healthRouter(services.dataSource, metrics.registry).routes());
  app.use(() => {
    throw notFound('A worker serves only /healthz, /readyz and /metrics');
  });
  return app;
}

export function createApp(services: AppServices, options: AppOptions = {}) {
  const { config, dataSource } = services;
  // Behind proxies, each appends the address it saw to X-Forwarded-For; entries left of the trusted
  // hops were written by the client and are ignored, so ctx.ip is what the outermost proxy saw.
  const app = new Koa({ proxy: config.trustProxy, maxIpsCount: config.trustProxyHops, keys: services.secrets.sessionKeys });
  const metrics = processMetrics(services);
  // One catalogue cache for the API and the market page: a purchase clears it for both (and, over
  // its own listening connection, which closes with the live events', in every other process).
  const catalogue = createCachedCatalogue(dataSource, { logger: services.logger });
  services.events.onClose(() => void catalogue.close());
  const api = apiRouter(services, { ...options, catalogue });
  const marketPage = createMarketPage({ distDir: config.pwaDistDir, catalogue, logger: services.logger });
  if (options.warmPages) marketPage.warm();

  const sessions = session(
    {
      key: SESSION_COOKIE,
      maxAge: SESSION_MAX_AGE_MS,
      httpOnly: true,
      signed: true,
      sameSite: 'lax',
      secure: config.secure,
      rolling: false,
      renew: true,
      store: createSessionStore(dataSource),
    },
    app,
  );

  // What reaches here failed after the answer started (a stream cut short); a client that leaves an
  // event stream is normal, anything else goes to the log instead of koa's console default.
  app.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ERR_STREAM_PREMATURE_CLOSE') services.logger.error({ err: error }, 'response failed');
  });
  app.use(metrics.middleware);
  app.use(requestLog(services));
  app.use(errorHandler(services.logger));
  app.use(securityHeaders({ secure: config.secure }));
  // Pages and API answers are compressed on the way out (brotli or gzip, as the browser accepts);
  // the PWA's built files are compressed once at build time and served as they are (api/static.ts).
  app.use(compress({ threshold: 1024 }));
  app.use(healthRouter(dataSource, metrics.registry).routes());
  app.use(
    under(
      ['/api', '/auth', '/staff/auth', '/dev'],
      compose([
        services.rateLimiter.middleware({ name: 'ip', limit: options.requestsPerMinute ?? 1200, windowSeconds: 60, approximate: true }),
        sameOriginOnly({ publicUrl: config.publicUrl, exemptPaths: ['/api/webhooks/payments'] }),
        under(['/api'], jsonBodiesOnly),
        // Form posts (only the simulated providers' pages send them) stay raw text and are read
        // with URLSearchParams: co-body's qs parsing would turn `openid.ns` into nested objects.
        // The embedded OpenID provider (api/dev/oidc) reads its requests' bodies itself.
        notUnder(
          ['/dev/oidc'],
          bodyParser({
            enableTypes: ['json', 'text'],
            extendTypes: { text: ['application/x-www-form-urlencoded'] },
            jsonLimit: JSON_LIMIT,
            textLimit: JSON_LIMIT,
            encoding: 'utf-8',
          }),
        ),
        // The catalogue's public reads never look at a session: the busiest requests skip reading the cookie.
        notUnder(SESSIONLESS_PATHS, sessions),
        async (ctx, next) => {
          ctx.set('Cache-Control', 'no-store');
          await next();
        },
      ]),
    ),
  );
  app.use(authRouter(services, options.signInPerMinute).routes());
  app.use(staffAuthRouter(services, { signInPerMinute: options.signInPerMinute, clockSkewSeconds: options.staffOidcClockSkewSeconds }).routes());
  // The simulators exist only in simulated mode: nothing under /dev answers in live mode.
  if (services.simulatorRoutes) app.use(services.simulatorRoutes);
  app.use(api.routes());
  app.use(under(['/api'], apiFallback(api)));
  app.use(servePwa(config.pwaDistDir, { simulated: config.simulated, marketPage }));
  return app;
}
