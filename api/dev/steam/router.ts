/**
 * The simulated Steam, mounted under /dev/steam in simulated mode only. It speaks Steam's own
 * protocols — OpenID 2.0, GetPlayerSummaries, the community inventory JSON, economy images — so
 * the product's production code paths are the ones the demo and the tests exercise.
 */
import Router from '@koa/router';
import { type Context } from 'koa';
import { z } from 'zod';
import { isSteamId64 } from '../../../shared/steam';
import { type AppServices } from '../../context';
import { badRequest, notFound } from '../../errors';
import { validated } from '../../middleware/validate';
import { ensureAccount, inventoryPageOf, PRIVATE_INVENTORY_STEAM_ID, STEAM_OUTAGE_STEAM_ID, testAccounts } from './accounts';
import { catalogEntry } from './catalog';
import { demoAccounts } from './demoInventory';
import { renderAvatarSvg, renderItemSvg } from './itemImage';
import { createOpenIdProvider } from './openidProvider';
import { profilePage, signInPage } from './signInPage';
import { catalogKeyFromIconUrl, renderInventoryPage } from './steamInventoryJson';
import { settleDueOffers } from './trading/offers';
import { addTradingRoutes, tradingRules } from './trading/router';

const steamIdParam = z.string().refine(isSteamId64, 'Not a steamid64');

const inventoryQuery = z.object({
  l: z.string().optional(),
  count: z.coerce.number().int().min(1).max(5000).default(75),
  start_assetid: z.string().regex(/^\d{1,20}$/).optional(),
});

function isOwnOrigin(url: string, publicUrl: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.origin === new URL(publicUrl).origin && parsed.username === '' && parsed.password === '';
  } catch {
    return false;
  }
}

function svg(ctx: Context, body: string) {
  ctx.type = 'image/svg+xml';
  ctx.set('Cache-Control', 'public, max-age=86400');
  ctx.body = body;
}

export function devSteamRouter(services: AppServices): Router {
  const { config, dataSource, secrets } = services;
  const base = `${config.publicUrl}/dev/steam`;
  const endpoint = `${base}/openid/login`;
  const provider = createOpenIdProvider({ endpoint, secret: `${config.publicUrl}|${secrets.sessionKeys[0]}`, dataSource });
  const router = new Router({ prefix: '/dev/steam' });
  const avatarUrl = (steamId: string) => `${base}/avatars/${steamId}.svg`;

  router.get('/openid/login', async (ctx) => {
    const query = new URLSearchParams(ctx.querystring);
    const returnTo = query.get('openid.return_to') ?? '';
    const realm = query.get('openid.realm') ?? '';
    if (query.get('openid.mode') !== 'checkid_setup' || !returnTo || !realm || !returnTo.startsWith(realm)) {
      throw badRequest('Not an OpenID 2.0 checkid_setup request with a return_to under its realm');
    }
    // Only this server's own sign-in consumes these assertions: an open redirect to any other
    // origin would hand a signed assertion (and the browser) to whoever asked for it.
    if (!isOwnOrigin(returnTo, config.publicUrl) || !isOwnOrigin(realm, config.publicUrl)) {
      throw badRequest('return_to and realm must be under this server\'s own origin');
    }
    const steamId = query.get('steamid');
    if (steamId === null) {
      ctx.type = 'text/html';
      ctx.body = signInPage({
        realm,
        openIdParams: [...query].filter(([key]) => key.startsWith('openid.')),
        demoAccounts: demoAccounts.map((account) => ({ ...account, avatarUrl: avatarUrl(account.steamId) })),
        testAccounts: testAccounts.map((account) => ({ ...account, avatarUrl: avatarUrl(account.steamId) })),
      });
      return;
    }
    if (!isSteamId64(steamId.trim())) throw badRequest('steamid must be a steamid64 (17 digits starting with 7656)');
    await ensureAccount(dataSource, steamId.trim());
    const assertion = await provider.issue(steamId.trim(), returnTo);
    ctx.redirect(`${returnTo}${returnTo.includes('?') ? '&' : '?'}${new URLSearchParams(assertion)}`);
  });

  router.post('/openid/login', async (ctx) => {
    const body = ctx.request.body;
    const params = Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : ''));
    const valid = params['openid.mode'] === 'check_authentication' && (await provider.check(params));
    ctx.type = 'text/plain';
    ctx.body = `ns:http://specs.openid.net/auth/2.0\nis_valid:${valid}\n`;
  });

  router.get('/api/ISteamUser/GetPlayerSummaries/v2', async (ctx) => {
    const ids = String(ctx.query.steamids ?? '')
      .split(',')
      .filter(isSteamId64)
      .slice(0, 100);
    const players = [];
    for (const steamId of ids) {
      const account = await ensureAccount(dataSource, steamId);
      players.push({
        steamid: steamId,
        communityvisibilitystate: steamId === PRIVATE_INVENTORY_STEAM_ID ? 1 : 3,
        profilestate: 1,
        personaname: account.personaName,
        profileurl: `${base}/profiles/${steamId}/`,
        avatar: avatarUrl(steamId),
        avatarmedium: avatarUrl(steamId),
        avatarfull: avatarUrl(steamId),
        personastate: 1,
      });
    }
    ctx.body = { response: { players } };
  });

  router.get(
    '/inventory/:steamid/730/:contextid',
    validated({ params: z.object({ steamid: steamIdParam, contextid: z.enum(['2', '16']) }), query: inventoryQuery }, async (ctx, { params, query }) => {
      // Steam answers a private inventory with 403 and a null body, and sheds load with 429.
      if (params.steamid === PRIVATE_INVENTORY_STEAM_ID) {
        ctx.status = 403;
        ctx.body = 'null';
        return;
      }
      if (params.steamid === STEAM_OUTAGE_STEAM_ID) {
        ctx.status = 429;
        ctx.body = 'null';
        return;
      }
      await ensureAccount(dataSource, params.steamid);
      // Trades due by now have happened: their items are where the trades put them.
      await settleDueOffers(dataSource, tradingRules(config), params.steamid);
      const { items, total } = await inventoryPageOf(dataSource, params.steamid, params.contextid, { count: query.count, startAssetId: query.start_assetid });
      ctx.body = renderInventoryPage(items, { count: query.count, contextId: params.contextid, total });
    }),
  );

  router.get('/avatars/:file', async (ctx) => {
    const steamId = /^(\d{17})\.svg$/.exec(ctx.params.file ?? '')?.[1];
    if (!steamId || !isSteamId64(steamId)) throw notFound();
    const account = await ensureAccount(dataSource, steamId);
    svg(ctx, renderAvatarSvg(steamId, account.personaName));
  });

  router.get('/economy/image/:icon', (ctx) => {
    const key = catalogKeyFromIconUrl(ctx.params.icon ?? '');
    const entry = key ? catalogEntry(key) : undefined;
    if (!entry) throw notFound('No such item image');
    svg(ctx, renderItemSvg(entry));
  });

  router.get('/profiles/:steamid', async (ctx) => {
    const steamId = ctx.params.steamid ?? '';
    if (!isSteamId64(steamId)) throw notFound();
    const account = await ensureAccount(dataSource, steamId);
    ctx.type = 'text/html';
    ctx.body = profilePage({ steamId, personaName: account.personaName, avatarUrl: avatarUrl(steamId) });
  });

  addTradingRoutes(router, services);
  return router;
}
