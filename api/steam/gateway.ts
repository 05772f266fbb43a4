/**
 * Everything the product needs from Steam, over HTTP: the OpenID 2.0 endpoint, GetPlayerSummaries,
 * the community inventory and GetTradeHoldDurations (whether a trade URL can receive items). Live
 * mode talks to Steam with the Web API key (never the trade bot's session, which only a worker
 * holds); simulated mode talks to the simulated Steam this server mounts under /dev/steam, through
 * exactly the same code.
 */
import { z } from 'zod';
import { type Config } from '../config';
import { type Logger } from '../logger';
import { parseInventoryPage, type ParsedInventoryItem } from './inventoryParser';

export type { ParsedInventoryItem };

export const LIVE_OPENID_ENDPOINT = 'https://steamcommunity.com/openid/login';
const REQUEST_TIMEOUT_MS = 8_000;
/** Steam's community inventory pages hold at most this many assets. */
const INVENTORY_PAGE_SIZE = 1000;
const MAX_INVENTORY_PAGES = 10;

export interface PlayerSummary {
  steamId: string;
  personaName: string;
  avatarUrl: string;
  profileUrl: string;
}

export type InventoryResult = { status: 'ok'; items: ParsedInventoryItem[] } | { status: 'private' };

/**
 * Whether the platform could send a trade offer to a trade URL: `ok` with the days Steam would hold
 * such a trade on the receiver's side (0 with the mobile authenticator), or `cannot_receive` (a
 * wrong or replaced token, an account that cannot trade).
 */
export type TradeUrlStatus = { status: 'ok'; holdDays: number } | { status: 'cannot_receive' };

/**
 * EResults with which the Web API refuses a trade-hold query about the target itself: 8 InvalidParam
 * (a malformed token), 15 AccessDenied (a token that is not the account's, or an account that
 * cannot trade), 17 Banned. Anything else that is not an answer says nothing about the trade URL.
 */
const TARGET_REFUSALS = new Set(['8', '15', '17']);
const DAY_SECONDS = 24 * 60 * 60;

/** Steam did not answer usefully (429, 5xx, timeout, garbage): the caller answers 503. */
export class SteamUnavailableError extends Error {
  constructor(
    message: string,
    readonly rateLimited = false,
  ) {
    super(message);
    this.name = 'SteamUnavailableError';
  }
}

export interface SteamGateway {
  /** The OpenID provider endpoint; assertions must name it as op_endpoint exactly. */
  readonly openIdEndpoint: string;
  /** Asks the provider whether it issued this assertion (mode=check_authentication). */
  checkAuthentication(params: Record<string, string>): Promise<boolean>;
  getPlayerSummary(steamId: string): Promise<PlayerSummary | null>;
  getInventory(steamId: string): Promise<InventoryResult>;
  /** IEconService/GetTradeHoldDurations for the account and token of a trade URL. */
  getTradeUrlStatus(steamId: string, token: string): Promise<TradeUrlStatus>;
}

interface Endpoints {
  openId: string;
  webApi: string;
  community: string;
  imageBase: string;
  apiKey: string;
}

function endpointsFor(config: Config): Endpoints {
  if (config.steamMode === 'live') {
    return {
      openId: LIVE_OPENID_ENDPOINT,
      webApi: 'https://api.steampowered.com',
      community: 'https://steamcommunity.com',
      imageBase: 'https://community.cloudflare.steamstatic.com/economy/image/',
      apiKey: config.steamApiKey!,
    };
  }
  const sim = `${config.publicUrl}/dev/steam`;
  return { openId: `${sim}/openid/login`, webApi: `${sim}/api`, community: sim, imageBase: '/dev/steam/economy/image/', apiKey: 'simulated' };
}

const playerSummariesSchema = z.object({
  response: z.object({
    players: z.array(
      z.object({
        steamid: z.string(),
        personaname: z.string(),
        profileurl: z.string(),
        avatarfull: z.string(),
      }),
    ),
  }),
});

const tradeHoldDurationsSchema = z.object({
  response: z.object({ their_escrow: z.object({ escrow_end_duration_seconds: z.number().int().nonnegative() }).optional() }),
});

export function createSteamGateway(config: Config, logger: Logger): SteamGateway {
  const endpoints = endpointsFor(config);

  async function get(url: string): Promise<Response> {
    try {
      return await fetch(url, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS), headers: { Accept: 'application/json' } });
    } catch (error) {
      throw new SteamUnavailableError(`Steam request failed: ${(error as Error).message}`);
    }
  }

  return {
    openIdEndpoint: endpoints.openId,

    async checkAuthentication(params) {
      const body = new URLSearchParams({ ...params, 'openid.mode': 'check_authentication' });
      try {
        const response = await fetch(endpoints.openId, {
          method: 'POST',
          body,
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        });
        if (!response.ok) return false;
        // Key-value form: one "key:value" per line; only an exact is_valid:true counts.
        return (await response.text()).split('\n').some((line) => line.trim() === 'is_valid:true');
      } catch (error) {
        logger.warn({ err: error }, 'OpenID check_authentication failed');
        return false;
      }
    },

    async getPlayerSummary(steamId) {
      const url = `${endpoints.webApi}/ISteamUser/GetPlayerSummaries/v2/?key=${encodeURIComponent(endpoints.apiKey)}&steamids=${steamId}`;
      const response = await get(url);
      if (!response.ok) throw new SteamUnavailableError(`GetPlayerSummaries answered ${response.status}`, response.status === 429);
      const parsed = playerSummariesSchema.safeParse(await response.json().catch(() => null));
      if (!parsed.success) throw new SteamUnavailableError('GetPlayerSummaries answered an unexpected shape');
      const player = parsed.data.response.players.find((candidate) => candidate.steamid === steamId);
      return player ? { steamId, personaName: player.personaname, avatarUrl: player.avatarfull, profileUrl: player.profileurl } : null;
    },

    async getInventory(steamId) {
      const items: ParsedInventoryItem[] = [];
      let startAssetId: string | null = null;
      for (let page = 0; page < MAX_INVENTORY_PAGES; page++) {
        const url = `${endpoints.community}/inventory/${steamId}/730/2?l=english&count=${INVENTORY_PAGE_SIZE}${startAssetId ? `&start_assetid=${startAssetId}` : ''}`;
        const response = await get(url);
        // Steam answers 403 for a private inventory (and for a private profile).
        if (response.status === 403) return { status: 'private' };
        if (!response.ok) throw new SteamUnavailableError(`inventory answered ${response.status}`, response.status === 429);
        const json: unknown = await response.json().catch(() => null);
        let parsed;
        try {
          parsed = parseInventoryPage(json, {
            imageUrlOf: (iconUrl) => `${endpoints.imageBase}${iconUrl}`,
            onSkip: (reason, assetid) => logger.warn({ steamId, assetid, reason }, 'inventory item skipped'),
          });
        } catch (error) {
          throw new SteamUnavailableError(`inventory answered an unexpected shape: ${(error as Error).message}`);
        }
        items.push(...parsed.items);
        if (!parsed.moreItems || !parsed.lastAssetId) return { status: 'ok', items };
        startAssetId = parsed.lastAssetId;
      }
      logger.warn({ steamId }, `inventory has more than ${MAX_INVENTORY_PAGES} pages; the rest is not shown`);
      return { status: 'ok', items };
    },

    async getTradeUrlStatus(steamId, token) {
      const url = `${endpoints.webApi}/IEconService/GetTradeHoldDurations/v1/?key=${encodeURIComponent(endpoints.apiKey)}&steamid_target=${steamId}&trade_offer_access_token=${encodeURIComponent(token)}`;
      const response = await get(url);
      const eresult = response.headers.get('x-eresult');
      if (eresult !== null && TARGET_REFUSALS.has(eresult)) return { status: 'cannot_receive' };
      // 401/403 without such an EResult is our key being refused: Steam has not judged the trade URL.
      if (!response.ok) throw new SteamUnavailableError(`GetTradeHoldDurations answered ${response.status} (EResult ${eresult ?? 'none'})`, response.status === 429);
      const parsed = tradeHoldDurationsSchema.safeParse(await response.json().catch(() => null));
      if (!parsed.success) throw new SteamUnavailableError('GetTradeHoldDurations answered an unexpected shape');
      // No hold for the target in the answer: Steam has no trade with them to describe.
      const theirs = parsed.data.response.their_escrow;
      return theirs ? { status: 'ok', holdDays: Math.ceil(theirs.escrow_end_duration_seconds / DAY_SECONDS) } : { status: 'cannot_receive' };
    },
  };
}
