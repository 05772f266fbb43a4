/**
 * Builds the live trade bot from the real libraries (steam-user 5, steamcommunity 3.50,
 * steam-tradeoffer-manager 2.13 with the web session's access token, steam-totp 2). Loaded by the
 * composition root in live mode only, so the simulated mode never loads them. Nothing is written
 * to disk: the refresh token and poll data live in PostgreSQL (bot_state).
 */
import { createRequire } from 'node:module';
import { type DataSource } from 'typeorm';
import { type Config } from '../../config';
import { type FieldCipher } from '../../crypto/fieldCipher';
import { type Logger } from '../../logger';
import { startBotHeartbeat } from '../botHeartbeat';
import { type TradeBot } from '../tradeBot';
import { createBotStateStore } from './botState';
import { createLiveTradeBot as createAdapter, type SteamCommunityLike, type SteamUserLike, type TradeOfferManagerLike } from './liveTradeBot';

// The libraries are CommonJS without type declarations; liveTradeBot.ts types what the bot uses.
const require = createRequire(import.meta.url);
type Constructor<T> = new (options?: Record<string, unknown>) => T;

const WEB_API_TIMEOUT_MS = 15_000;
/** steam-tradeoffer-manager polls this often (steam-user's notifications trigger extra polls). */
const POLL_INTERVAL_MS = 15_000;

export function createLiveTradeBot(p: { config: Config; dataSource: DataSource; logger: Logger; cipher: FieldCipher }): TradeBot {
  const { config, dataSource, logger, cipher } = p;
  const bot = config.botAccountName!;
  const SteamUser = require('steam-user') as Constructor<SteamUserLike>;
  const SteamCommunity = require('steamcommunity') as Constructor<SteamCommunityLike>;
  const TradeOfferManager = require('steam-tradeoffer-manager') as Constructor<TradeOfferManagerLike>;
  const SteamTotp = require('steam-totp') as { generateAuthCode(sharedSecret: string): string };

  const user = new SteamUser({ renewRefreshTokens: true, autoRelogin: true, dataDirectory: null });
  const community = new SteamCommunity();
  const manager = new TradeOfferManager({ steam: user, community, useAccessToken: true, dataDirectory: null, pollInterval: POLL_INTERVAL_MS });

  return createAdapter(
    { accountName: bot, password: config.botPassword!, sharedSecret: config.botSharedSecret!, identitySecret: config.botIdentitySecret! },
    {
      user,
      community,
      manager,
      authCode: (sharedSecret) => SteamTotp.generateAuthCode(sharedSecret),
      async webApiGet(url) {
        const response = await fetch(url, { signal: AbortSignal.timeout(WEB_API_TIMEOUT_MS), headers: { Accept: 'application/json' } });
        return { status: response.status, body: await response.json().catch(() => null) };
      },
      state: createBotStateStore(dataSource, bot, cipher),
      startHeartbeat: (isOnline) => startBotHeartbeat(dataSource, logger, bot, isOnline),
      logger: logger.child({ bot }),
    },
  );
}
