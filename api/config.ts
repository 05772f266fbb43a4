/**
 * The process configuration, read once from the environment. Names are part of the product's
 * contract: tests, ops scripts and deployments set exactly these; the README's table lists them.
 */
import path from 'node:path';
import { z } from 'zod';
import { TRADE_HOLD_MS } from '../shared/constants';
import { parseMoney } from '../shared/money';

const mode = z.enum(['simulated', 'live']);

/**
 * The push services browsers subscribe to (Chrome and Edge through FCM, Firefox through Mozilla's
 * autopush, Safari through Apple, legacy Edge through WNS). `*.` matches any subdomain.
 */
export const DEFAULT_PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  '*.push.apple.com',
  '*.notify.windows.com',
];

/** Loopback names and addresses: a simulated server listens only there (or says it is a demo). */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare);
}
const positiveInt = z.coerce.number().int().nonnegative();

const environmentSchema = z.object({
  ROLE: z.enum(['all', 'web', 'worker']).default('all'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default('./.data'),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  STEAM_MODE: mode.default('simulated'),
  PAYMENTS_MODE: mode.default('simulated'),
  STEAM_API_KEY: z.string().optional(),
  BOT_ACCOUNT_NAME: z.string().optional(),
  BOT_PASSWORD: z.string().optional(),
  BOT_SHARED_SECRET: z.string().optional(),
  BOT_IDENTITY_SECRET: z.string().optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  TRADE_HOLD_MS: positiveInt.default(TRADE_HOLD_MS),
  SIM_TRADE_ACCEPT_MS: positiveInt.default(3000),
  SEED_LISTINGS: positiveInt.default(2400),
  SESSION_KEYS: z.string().optional(),
  DATA_ENCRYPTION_KEY: z.string().optional(),
  TRUST_PROXY: z.stringbool().default(false),
  TRUST_PROXY_HOPS: z.coerce.number().int().min(1).max(10).default(1),
  DEPOSIT_CLEARING_DAYS: positiveInt.max(365).default(7),
  PUSH_SERVICE_HOSTS: z.string().default(DEFAULT_PUSH_SERVICE_HOSTS.join(',')),
  DEMO_DEPLOYMENT: z.stringbool().default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: z.string().optional(),
  SUPPORT_EMAIL: z.email().optional(),
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)/, 'must be a mailto: or https: URL').optional(),
  PWA_DIST_DIR: z.string().default('dist/pwa'),
  STAFF_OIDC_ISSUER: z.url().optional(),
  STAFF_OIDC_CLIENT_ID: z.string().optional(),
  STAFF_OIDC_CLIENT_SECRET: z.string().optional(),
  STAFF_ROLES_CLAIM: z.string().min(1).default('roles'),
  WITHDRAWAL_FOUR_EYES_USD: z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, 'must be an amount in dollars, e.g. 1000.00').default('1000.00'),
});

/** Every variable the server reads: the deployment files and the README's table are checked against it. */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(environmentSchema.shape);

export interface Config {
  /** `web` serves HTTP only; `worker` runs the jobs, the sweep, push and the trade bot; `all` both (npm start). */
  role: 'all' | 'web' | 'worker';
  port: number;
  host: string;
  /** Origin the browser sees (scheme://host:port, no trailing slash). */
  publicUrl: string;
  /** True when the public origin is https: Secure cookies and HSTS. */
  secure: boolean;
  databaseUrl: string | undefined;
  dataDir: string;
  embeddedPgPort: number;
  steamMode: 'simulated' | 'live';
  paymentsMode: 'simulated' | 'live';
  /** Both modes simulated (mixed modes never start): the PWA shows the demo banner. */
  simulated: boolean;
  /** A public demo on an https origin was meant (DEMO_DEPLOYMENT=true). */
  demoDeployment: boolean;
  steamApiKey: string | undefined;
  /** The live trade bot's Steam account, password and mobile-authenticator secrets (live mode). */
  botAccountName: string | undefined;
  botPassword: string | undefined;
  botSharedSecret: string | undefined;
  botIdentitySecret: string | undefined;
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  tradeHoldMs: number;
  simTradeAcceptMs: number;
  seedListings: number;
  sessionKeys: string[] | undefined;
  dataEncryptionKey: string | undefined;
  trustProxy: boolean;
  /** How many proxies in front append to X-Forwarded-For: the client is the address the outermost trusted one saw. */
  trustProxyHops: number;
  /** Days before money deposited through the hosted checkout may be withdrawn (it can be spent at once). */
  depositClearingDays: number;
  /** Host names (`*.` for any subdomain) whose https endpoints are accepted as Web Push services. */
  pushServiceHosts: string[];
  logLevel: string;
  smtpUrl: string | undefined;
  supportEmail: string | undefined;
  /** Web Push key pair (generated into DATA_DIR when unset) and the contact push services see. */
  vapidPublicKey: string | undefined;
  vapidPrivateKey: string | undefined;
  vapidSubject: string | undefined;
  pwaDistDir: string;
  /**
   * The company's OpenID Connect provider for the staff console; in simulated mode the embedded one
   * under /dev/oidc when unset. Absent in live mode without STAFF_OIDC_ISSUER: the console is off.
   */
  staffOidc: { issuer: string; clientId: string; clientSecret: string | undefined; embedded: boolean } | undefined;
  /** The ID token claim that lists a staff member's roles (support, finance, admin). */
  staffRolesClaim: string;
  /** Withdrawals above this need two different finance staff to approve them before they are paid. */
  withdrawalFourEyesCents: bigint;
}

/** The embedded provider's one client (simulated mode): its secret is derived from the session key. */
export const EMBEDDED_STAFF_CLIENT_ID = 'skinmarket-staff-console';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty variables count as unset, as a shell `FOO= npm start` user would expect.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://${e.HOST === '0.0.0.0' ? '127.0.0.1' : e.HOST}:${e.PORT}`).replace(/\/+$/, '');
  if (e.STEAM_MODE === 'live' && !e.STEAM_API_KEY) {
    throw new Error('Invalid environment: STEAM_MODE=live needs STEAM_API_KEY');
  }
  if (publicUrl.startsWith('https://') && !e.TRUST_PROXY) {
    // This server speaks plain HTTP: an https origin means a TLS-terminating proxy in front, whose
    // X-Forwarded-Proto must be trusted for Secure cookies to be set.
    throw new Error('Invalid environment: PUBLIC_URL is https, so set TRUST_PROXY=true (the TLS proxy in front must send X-Forwarded-Proto)');
  }
  if (e.PAYMENTS_MODE === 'live' && (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET)) {
    throw new Error('Invalid environment: PAYMENTS_MODE=live needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  }
  // A simulated provider never faces real users: real Steam users must not
  // reach a checkout that credits money for free, nor simulated users a real payout.
  if (e.STEAM_MODE !== e.PAYMENTS_MODE) {
    throw new Error(
      `Invalid environment: STEAM_MODE=${e.STEAM_MODE} with PAYMENTS_MODE=${e.PAYMENTS_MODE}; set both to live or both to simulated`,
    );
  }
  const simulated = e.STEAM_MODE === 'simulated';
  if (simulated && publicUrl.startsWith('https://') && !e.DEMO_DEPLOYMENT) {
    throw new Error(
      'Invalid environment: simulated Steam and payments on an https PUBLIC_URL; set DEMO_DEPLOYMENT=true if a public demo is meant, or both modes to live',
    );
  }
  if (e.ROLE !== 'all' && !e.DATABASE_URL) {
    // The embedded database belongs to one process; web and worker processes share one server.
    throw new Error(`Invalid environment: ROLE=${e.ROLE} needs DATABASE_URL (the database every web and worker process shares)`);
  }
  const unshared = (['SESSION_KEYS', 'DATA_ENCRYPTION_KEY', 'VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'] as const).filter((name) => !e[name]);
  if (e.ROLE !== 'all' && unshared.length > 0) {
    // Generated into each process's DATA_DIR, they would differ between processes: sessions,
    // payout details and push subscriptions made by one would be unreadable to the others.
    throw new Error(`Invalid environment: ROLE=${e.ROLE} needs ${unshared.join(', ')} (the same in every process)`);
  }
  if (simulated && !isLoopbackHost(e.HOST) && !e.DEMO_DEPLOYMENT) {
    throw new Error(
      `Invalid environment: simulated Steam and payments on HOST=${e.HOST} (not loopback); set DEMO_DEPLOYMENT=true if a public demo is meant, or both modes to live`,
    );
  }
  if (e.STEAM_MODE === 'live' && (!e.BOT_ACCOUNT_NAME || !e.BOT_PASSWORD || !e.BOT_SHARED_SECRET || !e.BOT_IDENTITY_SECRET)) {
    throw new Error('Invalid environment: STEAM_MODE=live needs BOT_ACCOUNT_NAME, BOT_PASSWORD, BOT_SHARED_SECRET and BOT_IDENTITY_SECRET');
  }
  const staffOidc = staffOidcOf(e, publicUrl, simulated);
  return {
    role: e.ROLE,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    secure: publicUrl.startsWith('https://'),
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    steamMode: e.STEAM_MODE,
    paymentsMode: e.PAYMENTS_MODE,
    simulated,
    demoDeployment: e.DEMO_DEPLOYMENT,
    steamApiKey: e.STEAM_API_KEY,
    botAccountName: e.BOT_ACCOUNT_NAME,
    botPassword: e.BOT_PASSWORD,
    botSharedSecret: e.BOT_SHARED_SECRET,
    botIdentitySecret: e.BOT_IDENTITY_SECRET,
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    tradeHoldMs: e.TRADE_HOLD_MS,
    simTradeAcceptMs: e.SIM_TRADE_ACCEPT_MS,
    seedListings: e.SEED_LISTINGS,
    sessionKeys: e.SESSION_KEYS?.split(',').map((key) => key.trim()).filter(Boolean),
    dataEncryptionKey: e.DATA_ENCRYPTION_KEY,
    trustProxy: e.TRUST_PROXY,
    trustProxyHops: e.TRUST_PROXY_HOPS,
    depositClearingDays: e.DEPOSIT_CLEARING_DAYS,
    pushServiceHosts: e.PUSH_SERVICE_HOSTS.split(',').map((host) => host.trim().toLowerCase()).filter(Boolean),
    logLevel: e.LOG_LEVEL,
    smtpUrl: e.SMTP_URL,
    supportEmail: e.SUPPORT_EMAIL,
    vapidPublicKey: e.VAPID_PUBLIC_KEY,
    vapidPrivateKey: e.VAPID_PRIVATE_KEY,
    vapidSubject: e.VAPID_SUBJECT,
    pwaDistDir: path.resolve(e.PWA_DIST_DIR),
    staffOidc,
    staffRolesClaim: e.STAFF_ROLES_CLAIM,
    withdrawalFourEyesCents: parseMoney(e.WITHDRAWAL_FOUR_EYES_USD)!,
  };
}

type Environment = z.infer<typeof environmentSchema>;

function staffOidcOf(e: Environment, publicUrl: string, simulated: boolean): Config['staffOidc'] {
  if (!e.STAFF_OIDC_ISSUER) {
    if (e.STAFF_OIDC_CLIENT_ID || e.STAFF_OIDC_CLIENT_SECRET) {
      throw new Error('Invalid environment: STAFF_OIDC_CLIENT_ID and STAFF_OIDC_CLIENT_SECRET need STAFF_OIDC_ISSUER');
    }
    if (!simulated) return undefined;
    // The embedded client's secret is derived from the session key (embeddedStaffClientSecret).
    return { issuer: `${publicUrl}/dev/oidc`, clientId: EMBEDDED_STAFF_CLIENT_ID, clientSecret: undefined, embedded: true };
  }
  const issuer = e.STAFF_OIDC_ISSUER.replace(/\/+$/, '');
  if (!simulated && new URL(issuer).origin === new URL(publicUrl).origin) {
    // Live staff sign in through the company's provider: the demo provider is never mounted in live
    // mode, and an issuer on this origin would be served by whatever answers there.
    throw new Error(`Invalid environment: STAFF_OIDC_ISSUER ${issuer} is on this server's own origin; live staff sign in through the company's provider`);
  }
  const issuerUrl = new URL(issuer);
  if (issuerUrl.protocol !== 'https:' && !isLoopbackHost(issuerUrl.hostname)) {
    // Discovery, keys and tokens would travel in clear: openid-client refuses them, so the console
    // would never sign anyone in.
    throw new Error(`Invalid environment: STAFF_OIDC_ISSUER ${issuer} must be https (plain http only on this machine's loopback)`);
  }
  if (!e.STAFF_OIDC_CLIENT_ID || !e.STAFF_OIDC_CLIENT_SECRET) {
    throw new Error('Invalid environment: STAFF_OIDC_ISSUER needs STAFF_OIDC_CLIENT_ID and STAFF_OIDC_CLIENT_SECRET');
  }
  return { issuer, clientId: e.STAFF_OIDC_CLIENT_ID, clientSecret: e.STAFF_OIDC_CLIENT_SECRET, embedded: false };
}
