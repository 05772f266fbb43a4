/**
 * The simulated Steam's trading endpoints, shaped like Steam's: the community's
 * `tradeoffer/new/send`, the Web API's IEconService (GetTradeOffer, GetTradeOffers,
 * CancelTradeOffer, GetTradeHistory, GetTradeStatus, GetTradeHoldDurations) acting as the bot
 * account (Steam knows the caller from its access token or API key; the simulation has one bot),
 * and one dev-only call that reverses a trade during its protection, as a seller can on Steam.
 */
import type Router from '@koa/router';
import { type Context } from 'koa';
import { z } from 'zod';
import { isSteamId64, STEAMID64_BASE } from '../../../../shared/steam';
import { type Config } from '../../../config';
import { type AppServices } from '../../../context';
import { badRequest, conflict, notFound } from '../../../errors';
import { parseOrThrow } from '../../../middleware/validate';
import { ensureAccount, SIM_BOT_STEAM_ID, STEAM_OUTAGE_STEAM_ID, tradingProfileOf } from '../accounts';
import { cancelOffer, OfferRefusedError, readOffer, sendOffer, sentOffers, settleDueOffers, type SimOfferRow } from './offers';
import { reverseTrade, tradeById, tradeHistory, tradeJson, type TradingRules } from './trades';

const assetRef = z.object({
  appid: z.coerce.number().int(),
  contextid: z.coerce.string().regex(/^\d{1,5}$/),
  assetid: z.coerce.string().regex(/^\d{1,20}$/),
  amount: z.coerce.number().int().optional(),
});

const jsonTradeOffer = z.object({
  newversion: z.boolean().optional(),
  version: z.number().optional(),
  me: z.object({ assets: z.array(assetRef).max(256), currency: z.array(z.unknown()).optional(), ready: z.boolean().optional() }),
  them: z.object({ assets: z.array(assetRef).max(256), currency: z.array(z.unknown()).optional(), ready: z.boolean().optional() }),
});

const sendForm = z.object({
  partner: z.string().refine(isSteamId64, 'partner must be a steamid64'),
  tradeoffermessage: z.string().max(128).default(''),
  json_tradeoffer: z.string().transform((text, ctx) => {
    try {
      return jsonTradeOffer.parse(JSON.parse(text));
    } catch {
      ctx.addIssue({ code: 'custom', message: 'json_tradeoffer is not a trade offer' });
      return z.NEVER;
    }
  }),
  trade_offer_create_params: z.string().transform((text, ctx) => {
    try {
      return z.object({ trade_offer_access_token: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/) }).parse(JSON.parse(text));
    } catch {
      ctx.addIssue({ code: 'custom', message: 'trade_offer_create_params needs a trade_offer_access_token' });
      return z.NEVER;
    }
  }),
});

const flag = z
  .enum(['0', '1', 'true', 'false'])
  .optional()
  .transform((value) => value === '1' || value === 'true');
const id = z.string().regex(/^\d{1,19}$/);

function formOf(ctx: Context): Record<string, string> {
  const body = ctx.request.body;
  return Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : ''));
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** An offer as IEconService shows it to `viewer` (one of its two parties). */
function offerJson(offer: SimOfferRow, viewer: string) {
  const ours = offer.sender_steam_id === viewer;
  const other = ours ? offer.partner_steam_id : offer.sender_steam_id;
  const give = ours ? offer.items_to_give : offer.items_to_receive;
  const receive = ours ? offer.items_to_receive : offer.items_to_give;
  return {
    tradeofferid: offer.tradeofferid,
    accountid_other: Number(BigInt(other) - STEAMID64_BASE),
    message: offer.message,
    expiration_time: seconds(offer.expires_at),
    trade_offer_state: offer.state,
    ...(give.length ? { items_to_give: give } : {}),
    ...(receive.length ? { items_to_receive: receive } : {}),
    is_our_offer: ours,
    time_created: seconds(offer.created_at),
    time_updated: seconds(offer.updated_at),
    ...(offer.tradeid ? { tradeid: offer.tradeid } : {}),
    from_real_time_trade: false,
    escrow_end_date: 0,
    confirmation_method: 0,
  };
}

/** A Web API refusal as Steam sends it: the EResult in a header, an empty response. */
function steamRefusal(ctx: Context, status: number, eresult: number): void {
  ctx.status = status;
  ctx.set('x-eresult', String(eresult));
  ctx.body = { response: {} };
}

export function tradingRules(config: Config): TradingRules {
  return { acceptMs: config.simTradeAcceptMs, holdMs: config.tradeHoldMs, botSteamId: SIM_BOT_STEAM_ID };
}

export function addTradingRoutes(router: Router, { config, dataSource }: AppServices): void {
  const rules = tradingRules(config);
  const bot = SIM_BOT_STEAM_ID;

  router.post('/tradeoffer/new/send', async (ctx) => {
    const form = parseOrThrow(sendForm, formOf(ctx), 'body');
    await ensureAccount(dataSource, bot);
    try {
      const offer = await sendOffer(dataSource, rules, {
        sender: bot,
        partner: form.partner,
        message: form.tradeoffermessage,
        itemsToGive: form.json_tradeoffer.me.assets,
        itemsToReceive: form.json_tradeoffer.them.assets,
      });
      ctx.body = { tradeofferid: offer.tradeofferid };
    } catch (error) {
      if (!(error instanceof OfferRefusedError)) throw error;
      // Steam answers a refused offer with HTTP 500 and its reason in strError.
      ctx.status = 500;
      ctx.body = { strError: error.message };
    }
  });

  router.get('/api/IEconService/GetTradeOffer/v1', async (ctx) => {
    const query = parseOrThrow(z.object({ tradeofferid: id }).passthrough(), { ...ctx.query }, 'query');
    const offer = await readOffer(dataSource, rules, query.tradeofferid);
    // Steam answers an offer that is not the caller's with an empty response.
    ctx.body = { response: offer && (offer.sender_steam_id === bot || offer.partner_steam_id === bot) ? { offer: offerJson(offer, bot) } : {} };
  });

  router.get('/api/IEconService/GetTradeOffers/v1', async (ctx) => {
    const query = parseOrThrow(
      z.object({ get_sent_offers: flag, active_only: flag, time_historical_cutoff: z.coerce.number().int().nonnegative().optional() }).passthrough(),
      { ...ctx.query },
      'query',
    );
    const offers = query.get_sent_offers
      ? await sentOffers(dataSource, rules, bot, { activeOnly: query.active_only, since: new Date((query.time_historical_cutoff ?? 0) * 1000) })
      : [];
    ctx.body = { response: { trade_offers_sent: offers.map((offer) => offerJson(offer, bot)), next_cursor: 0 } };
  });

  router.post('/api/IEconService/CancelTradeOffer/v1', async (ctx) => {
    const form = parseOrThrow(z.object({ tradeofferid: id }).passthrough(), formOf(ctx), 'body');
    const result = await cancelOffer(dataSource, rules, bot, form.tradeofferid);
    if (result === 'not_found') throw notFound('No such trade offer');
    // Steam refuses to cancel an offer that is no longer active (EResult 11, InvalidState).
    if (result === 'not_active') {
      ctx.status = 409;
      ctx.set('x-eresult', '11');
      ctx.body = { response: {} };
      return;
    }
    ctx.body = { response: {} };
  });

  router.get('/api/IEconService/GetTradeHistory/v1', async (ctx) => {
    const query = parseOrThrow(
      z
        .object({
          max_trades: z.coerce.number().int().min(1).max(500).default(100),
          start_after_time: z.coerce.number().int().nonnegative().optional(),
          start_after_tradeid: id.optional(),
          include_failed: flag,
          include_total: flag,
        })
        .passthrough(),
      { ...ctx.query },
      'query',
    );
    // Offers due to be answered are answered first, so their trades are in the history.
    await settleDueOffers(dataSource, rules, bot);
    const page = await tradeHistory(dataSource, bot, {
      maxTrades: query.max_trades,
      startAfterTime: query.start_after_time,
      startAfterTradeId: query.start_after_tradeid,
      includeFailed: query.include_failed,
    });
    ctx.body = { response: { more: page.more, trades: page.trades.map((trade) => tradeJson(trade, bot)) } };
  });

  router.get('/api/IEconService/GetTradeStatus/v1', async (ctx) => {
    const query = parseOrThrow(z.object({ tradeid: id }).passthrough(), { ...ctx.query }, 'query');
    const trade = await tradeById(dataSource, query.tradeid);
    const visible = trade && (trade.steam_id_a === bot || trade.steam_id_b === bot);
    ctx.body = { response: { trades: visible ? [tradeJson(trade, bot)] : [] } };
  });

  // Whether the bot could trade with the owner of a trade URL, and how long Steam would hold such a
  // trade. The simulation does not know accounts' tokens, so any well-formed token is accepted.
  router.get('/api/IEconService/GetTradeHoldDurations/v1', async (ctx) => {
    const query = z
      .object({ steamid_target: z.string().refine(isSteamId64), trade_offer_access_token: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/) })
      .passthrough()
      .safeParse({ ...ctx.query });
    // Steam answers a bad parameter with EResult 8 (InvalidParam).
    if (!query.success) return steamRefusal(ctx, 400, 8);
    if (query.data.steamid_target === STEAM_OUTAGE_STEAM_ID) {
      ctx.status = 429;
      ctx.body = 'null';
      return;
    }
    await ensureAccount(dataSource, query.data.steamid_target);
    const target = (await tradingProfileOf(dataSource, query.data.steamid_target))!;
    // An account that cannot trade is refused with EResult 15 (AccessDenied), as a wrong token is.
    if (target.tradeBanned) return steamRefusal(ctx, 403, 15);
    const escrow = (seconds: number) => ({ escrow_end_duration_seconds: seconds });
    const theirs = target.tradeHoldDays * 24 * 60 * 60;
    ctx.body = { response: { my_escrow: escrow(0), their_escrow: escrow(theirs), both_escrow: escrow(theirs) } };
  });

  // Dev only (Steam has no such call; its users reverse trades in the Steam client).
  router.post('/trades/:tradeid/reverse', async (ctx) => {
    const tradeid = ctx.params.tradeid ?? '';
    if (!id.safeParse(tradeid).success) throw badRequest('tradeid must be a decimal trade id');
    const result = await reverseTrade(dataSource, rules, tradeid);
    if (result.status === 'not_found') throw notFound('No such trade');
    if (result.status === 'refused') throw conflict(result.reason, 'not_reversible');
    ctx.body = { success: true, tradeid, rollbackTradeId: result.rollbackTradeId };
  });
}
