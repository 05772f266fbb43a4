/**
 * The simulated trade bot: the TradeBot interface over HTTP against the simulated Steam under
 * /dev/steam, exactly as the live bot talks to Steam (community `tradeoffer/new/send`, IEconService,
 * the bot's inventory), so the market's code under test is the production code. It runs inside the
 * API process: start() beats the heartbeat and polls the offers it sent for changes.
 */
import { z } from 'zod';
import { type DataSource } from 'typeorm';
import { parseTradeUrl, steamId64Of } from '../../../../shared/steam';
import { type Logger } from '../../../logger';
import { startBotHeartbeat } from '../../../steam/botHeartbeat';
import {
  type BotOffer,
  type ReceivedItem,
  type SendOfferRequest,
  type TradeBot,
  TradeBotUnavailableError,
} from '../../../steam/tradeBot';
import { readTradeHistory } from '../../../steam/tradeHistory';
import { SIM_BOT_STEAM_ID } from '../accounts';

export const SIMULATED_BOT_NAME = 'simulated';
const REQUEST_TIMEOUT_MS = 8_000;
const ACTIVE = 2;
const ACCEPTED = 3;

export interface SimulatedTradeBotOptions {
  /** The simulated Steam: `${PUBLIC_URL}/dev/steam`. */
  baseUrl: string;
  dataSource: DataSource;
  logger: Logger;
  /** The simulated Steam's protection length (TRADE_HOLD_MS): received items are tradable this long after the trade. */
  holdMs: number;
  /** How often start()'s loop polls the offers the bot sent (default 3 s). */
  pollMs?: number;
}

const assetSchema = z.object({ appid: z.number(), contextid: z.string(), assetid: z.string() });
const offerSchema = z.object({
  tradeofferid: z.string(),
  trade_offer_state: z.number().int(),
  message: z.string().optional(),
  tradeid: z.string().optional(),
  time_updated: z.number().optional(),
});
type OfferJson = z.infer<typeof offerSchema>;

const tradeAssetSchema = assetSchema.extend({ new_assetid: z.string(), new_contextid: z.string() });
const tradeSchema = z.object({
  tradeid: z.string(),
  time_init: z.number(),
  status: z.number().int(),
  assets_received: z.array(tradeAssetSchema).optional(),
});
const tradeStatusSchema = z.object({ response: z.object({ trades: z.array(tradeSchema).default([]) }) });
const inventorySchema = z.object({ assets: z.array(assetSchema).optional() });

export function createSimulatedTradeBot(options: SimulatedTradeBotOptions): TradeBot {
  const { baseUrl, dataSource, logger, holdMs } = options;
  const pollMs = options.pollMs ?? 3_000;
  const listeners: Array<(offer: BotOffer) => void> = [];
  /** The last state the poller reported for each offer it knows of. */
  const known = new Map<string, number>();

  async function call(path: string, init?: { form: Record<string, string> }): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}`, {
        method: init ? 'POST' : 'GET',
        headers: { Accept: 'application/json', ...(init ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}) },
        body: init ? new URLSearchParams(init.form).toString() : undefined,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new TradeBotUnavailableError(`Steam could not be reached: ${(error as Error).message}`);
    }
    return response;
  }

  async function json<T>(response: Response, schema: z.ZodType<T>, what: string): Promise<T> {
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as { strError?: string; message?: string } | null;
      throw new TradeBotUnavailableError(`${what} answered ${response.status}${body?.strError || body?.message ? `: ${body.strError ?? body.message}` : ''}`);
    }
    const parsed = schema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new TradeBotUnavailableError(`${what} answered an unexpected shape`);
    return parsed.data;
  }

  async function receivedItems(tradeId: string): Promise<{ received: ReceivedItem[]; tradableAt: number | null }> {
    // What steam-tradeoffer-manager's getExchangeDetails reads: the trade's new asset ids.
    const status = await json(await call(`/api/IEconService/GetTradeStatus/v1/?tradeid=${tradeId}`), tradeStatusSchema, 'GetTradeStatus');
    const trade = status.response.trades.find((candidate) => candidate.tradeid === tradeId);
    if (!trade) throw new TradeBotUnavailableError(`GetTradeStatus does not know trade ${tradeId}`);
    const received = (trade.assets_received ?? []).map((asset) => ({ assetid: asset.assetid, newAssetid: asset.new_assetid, newContextid: asset.new_contextid }));
    // time_init is whole seconds, the protection's end is not: rounding up never says "tradable" early.
    return { received, tradableAt: received.length ? (trade.time_init + 1) * 1000 + holdMs : null };
  }

  async function toBotOffer(offer: OfferJson): Promise<BotOffer> {
    const tradeId = offer.tradeid ?? null;
    const details = offer.trade_offer_state === ACCEPTED && tradeId ? await receivedItems(tradeId) : { received: [], tradableAt: null };
    return { id: offer.tradeofferid, state: offer.trade_offer_state, tradeId, ...details };
  }

  /** The bot's sent offers that are active, and those updated since `since` (epoch seconds), as Steam's active_only answers. */
  async function sentOffers(since: number): Promise<OfferJson[]> {
    const query = `get_sent_offers=1&active_only=1&time_historical_cutoff=${since}`;
    const answer = await json(
      await call(`/api/IEconService/GetTradeOffers/v1/?${query}`),
      z.object({ response: z.object({ trade_offers_sent: z.array(offerSchema).default([]) }) }),
      'GetTradeOffers',
    );
    return answer.response.trade_offers_sent;
  }

  async function poll(since: number): Promise<void> {
    for (const offer of await sentOffers(since)) {
      const before = known.get(offer.tradeofferid);
      if (before === offer.trade_offer_state || (before === undefined && offer.trade_offer_state === ACTIVE)) {
        known.set(offer.tradeofferid, offer.trade_offer_state);
        continue;
      }
      const changed = await toBotOffer(offer);
      known.set(offer.tradeofferid, offer.trade_offer_state);
      for (const listener of listeners) {
        try {
          listener(changed);
        } catch (error) {
          logger.error({ err: error, offerId: offer.tradeofferid }, 'trade offer listener failed');
        }
      }
    }
  }

  return {
    async sendOffer(request: SendOfferRequest) {
      const tradeUrl = parseTradeUrl(request.tradeUrl);
      if (!tradeUrl) throw new TradeBotUnavailableError('The trade URL is not a Steam trade URL');
      const asset = (item: { appid: number; contextid: string; assetid: string }) => ({ appid: item.appid, contextid: item.contextid, amount: 1, assetid: item.assetid });
      const answer = await json(
        await call('/tradeoffer/new/send', {
          form: {
            sessionid: 'simulated',
            serverid: '1',
            partner: steamId64Of(tradeUrl.partner),
            tradeoffermessage: request.message,
            json_tradeoffer: JSON.stringify({
              newversion: true,
              version: request.itemsToGive.length + request.itemsToReceive.length + 1,
              me: { assets: request.itemsToGive.map(asset), currency: [], ready: false },
              them: { assets: request.itemsToReceive.map(asset), currency: [], ready: false },
            }),
            captcha: '',
            trade_offer_create_params: JSON.stringify({ trade_offer_access_token: tradeUrl.token }),
          },
        }),
        z.object({ tradeofferid: z.string() }),
        'tradeoffer/new/send',
      );
      known.set(answer.tradeofferid, ACTIVE);
      return { offerId: answer.tradeofferid, state: ACTIVE };
    },

    async getOffer(offerId) {
      const answer = await json(
        await call(`/api/IEconService/GetTradeOffer/v1/?tradeofferid=${encodeURIComponent(offerId)}`),
        z.object({ response: z.object({ offer: offerSchema.optional() }) }),
        'GetTradeOffer',
      );
      if (!answer.response.offer) throw new TradeBotUnavailableError(`Trade offer ${offerId} not found`);
      return toBotOffer(answer.response.offer);
    },

    async cancelOffer(offerId) {
      const response = await call('/api/IEconService/CancelTradeOffer/v1/', { form: { tradeofferid: offerId } });
      // 409: the offer already ended (accepted, declined …): nothing to cancel; getOffer says how.
      if (response.ok || response.status === 409) return;
      await json(response, z.unknown(), 'CancelTradeOffer');
    },

    async findSentOffer(marker, sinceSeconds) {
      const found = (await sentOffers(sinceSeconds)).find((offer) => offer.message?.includes(marker));
      return found ? { offerId: found.tradeofferid, state: found.trade_offer_state } : null;
    },

    async getTradeHistory(sinceSeconds) {
      const history = await readTradeHistory(sinceSeconds, async (query) =>
        json(await call(`/api/IEconService/GetTradeHistory/v1/?${query}`), z.unknown(), 'GetTradeHistory'),
      );
      if (!history.complete) logger.warn({ sinceSeconds }, 'trade history longer than the pages read');
      return history.entries;
    },

    async isTradable(assetid) {
      if (!/^\d{1,20}$/.test(assetid)) return false;
      // The simulated Steam lists an inventory by asset id, newest first, so the one item listed
      // after `assetid + 1` is this asset when the bot holds it in context 2 (one small read
      // instead of paging through an inventory that can hold the whole seeded market).
      const after = (BigInt(assetid) + 1n).toString();
      const answer = await json(await call(`/inventory/${SIM_BOT_STEAM_ID}/730/2?l=english&count=1&start_assetid=${after}`), inventorySchema, 'inventory');
      return answer.assets?.[0]?.assetid === assetid;
    },

    onOfferChanged(listener) {
      listeners.push(listener);
    },

    async start() {
      const stopHeartbeat = startBotHeartbeat(dataSource, logger, SIMULATED_BOT_NAME);
      // Offers that changed while the bot was stopped are reported once (listeners are idempotent).
      let since = Math.floor(Date.now() / 1000) - 600;
      let inFlight: Promise<void> = Promise.resolve();
      let stopped = false;
      const tick = () => {
        const startedAt = Math.floor(Date.now() / 1000);
        inFlight = poll(since)
          .then(() => {
            since = startedAt - 60;
          })
          .catch((error: unknown) => logger.warn({ err: error }, 'polling trade offers failed'))
          .finally(() => {
            if (!stopped) timer = setTimeout(tick, pollMs).unref();
          });
      };
      let timer: NodeJS.Timeout = setTimeout(tick, 0).unref();
      return async () => {
        stopped = true;
        clearTimeout(timer);
        await inFlight;
        await stopHeartbeat();
      };
    },
  };
}
