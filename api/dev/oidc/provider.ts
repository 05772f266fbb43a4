/**
 * The embedded OpenID Provider for the staff console in simulated mode, at /dev/oidc: the certified
 * `oidc-provider`, so the console's sign-in (api/staff/oidc.ts, openid-client) runs the same
 * authorization code flow, PKCE, ID token checks and RP-initiated logout as against a company's
 * provider. One client (the console), the demo staff of ./staffAccounts, a login page listing
 * them, consent given by the login itself (the console is this server's own client), and all
 * state, signing key included, in PostgreSQL (./storage).
 */
import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import { type Context, type Middleware } from 'koa';
import compose from 'koa-compose';
import mount from 'koa-mount';
import type * as OidcProviderModule from 'oidc-provider';
import type { default as Provider, Configuration, ErrorOut, KoaContextWithOIDC } from 'oidc-provider';
import { EMBEDDED_STAFF_CLIENT_ID } from '../../config';
import { type AppServices } from '../../context';
import { badRequest } from '../../errors';
import { embeddedStaffClientSecret } from '../../staff/oidc';
import { STAFF_SESSION_ABSOLUTE_MS } from '../../staff/session';
import { errorPage, loginPage, logoutPage, signedOutPage } from './pages';
import { postgresAdapter, sharedSigningKeys } from './storage';
import { DEMO_STAFF_ACCOUNTS, demoStaffAccount } from './staffAccounts';

export const EMBEDDED_OIDC_PREFIX = '/dev/oidc';
const CLIENT_NAME = 'SkinMarket staff console';

function html(ctx: Context, body: string, status = 200) {
  ctx.status = status;
  ctx.type = 'text/html';
  ctx.body = body;
}

/** oidc-provider's module, loaded with the first /dev/oidc request: at load it warns on Node 20 (it asks for 22). */
type OidcModule = typeof OidcProviderModule;

async function createProvider(services: AppServices, { default: Provider }: OidcModule): Promise<Provider> {
  const { config, dataSource, logger, secrets } = services;
  const configuration: Configuration = {
    adapter: postgresAdapter(dataSource),
    jwks: (await sharedSigningKeys(dataSource)) as Configuration['jwks'],
    clients: [
      {
        client_id: EMBEDDED_STAFF_CLIENT_ID,
        client_secret: embeddedStaffClientSecret(secrets.sessionKeys[0]!),
        client_name: CLIENT_NAME,
        redirect_uris: [`${config.publicUrl}/staff/auth/callback`],
        post_logout_redirect_uris: [`${config.publicUrl}/staff`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        // openid-client's default for a client with a secret.
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    // The roles travel with every ID token, as a company provider's group or role claim does.
    claims: { openid: ['sub', 'roles'], email: ['email', 'email_verified'], profile: ['name'] },
    // The console reads who signed in from the ID token, not from the userinfo endpoint.
    conformIdTokenClaims: false,
    async findAccount(_ctx, sub) {
      const account = demoStaffAccount(sub);
      if (!account) return undefined;
      return {
        accountId: account.email,
        claims: () => ({ sub: account.email, email: account.email, email_verified: true, name: account.name, roles: account.roles }),
      };
    },
    // A sign-in has 10 minutes; the provider's session and grants last a staff working day, the
    // staff session's own limit; the console uses its tokens once, at the callback.
    ttl: {
      Interaction: 10 * 60,
      Session: STAFF_SESSION_ABSOLUTE_MS / 1000,
      Grant: STAFF_SESSION_ABSOLUTE_MS / 1000,
      AccessToken: 10 * 60,
      IdToken: 10 * 60,
    },
    interactions: { url: (_ctx, interaction) => `${EMBEDDED_OIDC_PREFIX}/interaction/${interaction.uid}` },
    cookies: {
      // The same keys as the app's own cookies: with koa-mount the provider sets its cookies through
      // the app's context, and reads them back through its own in interactionDetails.
      keys: secrets.sessionKeys,
      names: { session: 'sm.oidc.session', interaction: 'sm.oidc.interaction', resume: 'sm.oidc.resume' },
      long: { httpOnly: true, sameSite: 'lax', path: EMBEDDED_OIDC_PREFIX },
    },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx: KoaContextWithOIDC, form: string) => html(ctx, logoutPage(form)),
        postLogoutSuccessSource: (ctx: KoaContextWithOIDC) => html(ctx, signedOutPage()),
      },
    },
    renderError: (ctx: KoaContextWithOIDC, out: ErrorOut) => html(ctx, errorPage({ ...out }), ctx.status),
  };
  const provider = new Provider(`${config.publicUrl}${EMBEDDED_OIDC_PREFIX}`, configuration);
  provider.proxy = config.trustProxy;
  provider.on('server_error', (_ctx: unknown, error: Error) => logger.error({ err: error }, 'embedded staff provider failed'));
  return provider;
}

/** Back to the provider's authorization endpoint, which resumes the request with the result. */
function finish(ctx: Context, returnTo: string) {
  ctx.status = 303;
  ctx.redirect(returnTo);
}

/** The login page and its form: the interaction oidc-provider sends the browser to. */
function interactionRouter(provider: Provider, { errors }: OidcModule): Router {
  const router = new Router({ prefix: `${EMBEDDED_OIDC_PREFIX}/interaction` });
  // The app leaves /dev/oidc bodies unread for oidc-provider; this form is read here, as text (as
  // the other simulators' forms are).
  const formBody = bodyParser({ enableTypes: ['text'], extendTypes: { text: ['application/x-www-form-urlencoded'] }, textLimit: '10kb' });

  router.use(async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      // A stale or foreign interaction (cookie gone, expired): say so on a page, as the provider does.
      if (!(error instanceof errors.SessionNotFound)) throw error;
      html(ctx, errorPage({ error: error.error, error_description: error.error_description ?? '' }), 400);
    }
  });

  router.get('/:uid', async (ctx) => {
    const interaction = await provider.interactionDetails(ctx.req, ctx.res);
    if (interaction.prompt.name === 'consent') {
      // A session without this client's grant (e.g. after "stay signed in" at sign-out): the
      // console is this server's own client, so consent is given without asking.
      const grant = interaction.grantId
        ? (await provider.Grant.find(interaction.grantId))!
        : new provider.Grant({ accountId: interaction.session!.accountId, clientId: String(interaction.params.client_id) });
      const details = interaction.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
      if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope);
      if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
      const grantId = await grant.save();
      finish(ctx, await provider.interactionResult(ctx.req, ctx.res, { consent: interaction.grantId ? {} : { grantId } }));
      return;
    }
    html(ctx, loginPage({ clientName: CLIENT_NAME, action: `${EMBEDDED_OIDC_PREFIX}/interaction/${interaction.uid}/login`, accounts: DEMO_STAFF_ACCOUNTS }));
  });

  router.post('/:uid/login', formBody, async (ctx) => {
    const interaction = await provider.interactionDetails(ctx.req, ctx.res);
    if (interaction.prompt.name !== 'login') throw badRequest('This sign-in is not waiting for a person');
    const email = new URLSearchParams(typeof ctx.request.body === 'string' ? ctx.request.body : '').get('email') ?? '';
    const account = demoStaffAccount(email);
    if (!account) throw badRequest('Not a demo staff member', { email: 'Pick one of the demo staff' });
    // Signing in here also consents for the console (a first-party client): one round trip less.
    const grant = new provider.Grant({ accountId: account.email, clientId: String(interaction.params.client_id) });
    grant.addOIDCScope(String(interaction.params.scope ?? 'openid'));
    const grantId = await grant.save();
    finish(ctx, await provider.interactionResult(ctx.req, ctx.res, { login: { accountId: account.email }, consent: { grantId } }, { mergeWithLastSubmission: false }));
  });

  return router;
}

/**
 * Everything under /dev/oidc. The provider is built on the first request (its signing key comes
 * from the database); a failure is not kept, the next request tries again.
 */
export function embeddedOidcRoutes(services: AppServices): Middleware {
  let routes: Promise<Middleware> | undefined;
  const build = async (): Promise<Middleware> => {
    const oidc = await import('oidc-provider');
    const provider = await createProvider(services, oidc);
    return compose([interactionRouter(provider, oidc).routes() as unknown as Middleware, mount(EMBEDDED_OIDC_PREFIX, provider)]);
  };
  return async (ctx, next) => {
    if (ctx.path !== EMBEDDED_OIDC_PREFIX && !ctx.path.startsWith(`${EMBEDDED_OIDC_PREFIX}/`)) return next();
    routes ??= build().catch((error: unknown) => {
      routes = undefined;
      throw error;
    });
    return (await routes)(ctx, next);
  };
}
