/**
 * The live trade bot: the TradeBot interface over DoctorMcKay's libraries (steam-user logs on,
 * steamcommunity confirms and acknowledges trade protection, steam-tradeoffer-manager sends and
 * polls offers, steam-totp makes the codes). The libraries are injected through the small
 * interfaces below (their real method names and events), so the adapter's behaviour is unit-tested
 * with fakes; index.ts builds the real ones. None of the libraries reports trade reversals: the
 * market polls getTradeHistory (IEconService/GetTradeHistory with the web session's access token).
 */
import { type EventEmitter } from 'node:events';
import { TRADE_HOLD_MS } from '../../../shared/constants';
import { type Logger } from '../../logger';
import { type BotOffer, type ReceivedItem, type SendOfferRequest, type TradeBot, TradeBotUnavailableError } from '../tradeBot';
import { readTradeHistory } from '../tradeHistory';
import { type BotStateStore } from './botState';

type Callback<T> = (error: Error | null, result?: T) => void;

/** steam-user 5: logOn/webLogOn/logOff; events loggedOn, steamGuard, refreshToken, webSession, error, disconnected. */
export interface SteamUserLike extends EventEmitter {
  steamID: unknown;
  logOn(details: { refreshToken: string } | { accountName: string; password: string; twoFactorCode: string }): void;
  webLogOn(): void;
  logOff(): void;
}

/** steamcommunity 3.50: mobile confirmations and the trade-protection acknowledgement; event sessionExpired. */
export interface SteamCommunityLike extends EventEmitter {
  acceptConfirmationForObject(identitySecret: string, objectID: string, callback: (error: Error | null) => void): void;
  acknowledgeTradeProtection(callback: (error: Error | null) => void): void;
}

/** An item of getExchangeDetails without a language: Steam's raw trade asset. */
export interface ExchangeAsset {
  assetid: string;
  new_assetid: string;
  new_contextid: string;
}

/** steam-tradeoffer-manager's TradeOffer. */
export interface TradeOfferLike {
  id: string | null;
  state: number;
  message: string;
  tradeID: string | null;
  itemsToReceive: unknown[];
  addMyItem(item: { appid: number; contextid: string; assetid: string }): boolean;
  addTheirItem(item: { appid: number; contextid: string; assetid: string }): boolean;
  setMessage(message: string): void;
  send(callback: (error: Error | null, status?: 'pending' | 'sent') => void): void;
  cancel(callback: (error: Error | null) => void): void;
  getExchangeDetails(
    getDetailsIfFailed: boolean,
    callback: (error: Error | null, status?: number, tradeInitTime?: Date, receivedItems?: ExchangeAsset[], sentItems?: ExchangeAsset[]) => void,
  ): void;
}

/** steam-tradeoffer-manager 2.13 (access token); events sentOfferChanged, pollData, pollFailure, sessionExpired. */
export interface TradeOfferManagerLike extends EventEmitter {
  pollData: unknown;
  accessToken: string | null;
  setCookies(cookies: string[], callback: (error: Error | null) => void): void;
  createOffer(tradeUrl: string): TradeOfferLike;
  getOffer(id: string, callback: Callback<TradeOfferLike>): void;
  /**
   * `filter` 3 = EOfferFilter.All: active offers and those changed since `historicalCutoff`; the
   * callback gets the sent offers, then the received ones.
   */
  getOffers(filter: number, historicalCutoff: Date, callback: (error: Error | null, sent?: TradeOfferLike[], received?: TradeOfferLike[]) => void): void;
  getInventoryContents(appid: number, contextid: number, tradableOnly: boolean, callback: Callback<Array<{ assetid?: string; id?: string }>>): void;
  shutdown(): void;
}

export interface LiveBotSettings {
  accountName: string;
  password: string;
  sharedSecret: string;
  identitySecret: string;
}

export interface LiveBotDependencies {
  user: SteamUserLike;
  community: SteamCommunityLike;
  manager: TradeOfferManagerLike;
  /** steam-totp's generateAuthCode(sharedSecret). */
  authCode(sharedSecret: string): string;
  /** GET a Steam Web API URL: status and parsed JSON (fetch in production). */
  webApiGet(url: string): Promise<{ status: number; body: unknown }>;
  state: BotStateStore;
  /** Starts the heartbeat, beating while `isOnline()`; returns its stop function. */
  startHeartbeat(isOnline: () => boolean): () => Promise<void>;
  logger: Logger;
  /** How long start() waits for the first web session (default 60 s). */
  logOnWaitMs?: number;
  /** Delay before logging on again after a failed log-on; doubles up to 30 min (default 60 s). */
  retryMs?: number;
}

const ACTIVE = 2;
const ACCEPTED = 3;
const NEEDS_CONFIRMATION = 9;
/** steam-tradeoffer-manager's EOfferFilter.All. */
const ALL_OFFERS = 3;
const HOUR_MS = 60 * 60 * 1000;
const MAX_RETRY_MS = 30 * 60 * 1000;
/** At most one web-session refresh per this interval, however many requests see the session expire. */
const SESSION_REFRESH_MIN_MS = 10_000;
const WEB_API = 'https://api.steampowered.com';

/** Steam's trade protection ends 7 days after the trade, rounded up to the hour. */
export function protectionEnd(tradeInit: Date): number {
  return Math.ceil((tradeInit.getTime() + TRADE_HOLD_MS) / HOUR_MS) * HOUR_MS;
}

const unavailable = (what: string, error: unknown) => new TradeBotUnavailableError(`${what}: ${(error as Error)?.message ?? String(error)}`);

export function createLiveTradeBot(settings: LiveBotSettings, deps: LiveBotDependencies): TradeBot {
  const { user, community, manager, logger, state } = deps;
  const retryBaseMs = deps.retryMs ?? 60_000;
  const listeners: Array<(offer: BotOffer) => void> = [];
  let online = false;
  let stopped = false;
  /** The saved refresh token (steam-user renews it and emits refreshToken); null: use the password. */
  let refreshToken: string | null = null;
  let usingRefreshToken = false;
  let acknowledged = false;
  let retryMs = retryBaseMs;
  let retryTimer: NodeJS.Timeout | undefined;
  let lastSessionRefresh = 0;
  /** Writes of the state row, in order (poll data arrives after every poll that changed it). */
  let writes: Promise<void> = Promise.resolve();
  let firstSession: { resolve: () => void } | undefined;

  const persist = (what: string, write: () => Promise<void>) => {
    writes = writes.then(write).catch((error: unknown) => logger.error({ err: error }, `saving the bot's ${what} failed`));
  };

  function logOn(): void {
    usingRefreshToken = refreshToken !== null;
    try {
      if (refreshToken) user.logOn({ refreshToken });
      else user.logOn({ accountName: settings.accountName, password: settings.password, twoFactorCode: deps.authCode(settings.sharedSecret) });
    } catch (error) {
      // steam-user throws when a log-on is already under way: that one will end in loggedOn or error.
      logger.warn({ err: error }, 'trade bot: log-on not started');
    }
  }

  function scheduleLogOn(): void {
    if (stopped || retryTimer) return;
    const delay = retryMs;
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
    logger.warn({ delayMs: delay }, 'trade bot: logging on again later');
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      logOn();
    }, delay);
    retryTimer.unref();
  }

  /** A web request found the session expired: a new web session (or a new log-on when disconnected). */
  function refreshSession(reason: unknown): void {
    if (stopped || Date.now() - lastSessionRefresh < SESSION_REFRESH_MIN_MS) return;
    lastSessionRefresh = Date.now();
    online = false;
    logger.warn({ err: reason }, 'trade bot: web session expired, logging on again');
    if (user.steamID) user.webLogOn();
    else logOn();
  }

  function acknowledgeTradeProtectionOnce(): void {
    if (acknowledged) return;
    acknowledged = true;
    community.acknowledgeTradeProtection((error) => {
      if (error) {
        acknowledged = false;
        logger.warn({ err: error }, 'trade bot: acknowledging trade protection failed; trying again at the next web session');
        return;
      }
      persist('trade-protection acknowledgement', () => state.markTradeProtectionAcknowledged());
    });
  }

  async function exchangeDetails(offer: TradeOfferLike): Promise<{ received: ReceivedItem[]; tradableAt: number | null }> {
    if (offer.state !== ACCEPTED || !offer.tradeID || offer.itemsToReceive.length === 0) return { received: [], tradableAt: null };
    // Failed trades too: a reversed trade (status 12) still names the ids the items had.
    const [tradeInit, receivedItems] = await new Promise<[Date, ExchangeAsset[]]>((resolve, reject) =>
      offer.getExchangeDetails(true, (error, _status, tradeInitTime, received) => (error ? reject(error) : resolve([tradeInitTime!, received ?? []]))),
    ).catch((error: unknown) => {
      throw unavailable('getExchangeDetails', error);
    });
    const received = receivedItems.map((item) => ({ assetid: String(item.assetid), newAssetid: String(item.new_assetid), newContextid: String(item.new_contextid) }));
    return { received, tradableAt: received.length ? protectionEnd(tradeInit) : null };
  }

  async function toBotOffer(offer: TradeOfferLike): Promise<BotOffer> {
    return { id: String(offer.id), state: offer.state, tradeId: offer.tradeID ? String(offer.tradeID) : null, ...(await exchangeDetails(offer)) };
  }

  function requireOnline(): void {
    if (!online) throw new TradeBotUnavailableError('The trade bot is not logged on to Steam');
  }

  async function rawOffer(offerId: string): Promise<TradeOfferLike> {
    requireOnline();
    return new Promise((resolve, reject) =>
      manager.getOffer(offerId, (error, offer) => (error || !offer ? reject(unavailable('getOffer', error ?? 'no offer')) : resolve(offer))),
    );
  }

  // steam-user
  user.on('refreshToken', (token: string) => {
    refreshToken = token;
    persist('refresh token', () => state.saveRefreshToken(token));
  });
  user.on('loggedOn', () => {
    retryMs = retryBaseMs;
    logger.info('trade bot: logged on to Steam');
  });
  user.on('steamGuard', (domain: string | null, callback: (code: string) => void, lastCodeWrong: boolean) => {
    if (domain) {
      // E-mail Steam Guard cannot be answered unattended: the bot account needs the mobile authenticator.
      logger.error({ domain }, 'trade bot: Steam asks for an e-mail Steam Guard code; use an account with the mobile authenticator');
      return;
    }
    // A code that was just used is refused: wait for the next 30-second window (no log-on loop).
    setTimeout(() => callback(deps.authCode(settings.sharedSecret)), lastCodeWrong ? 30_000 : 0).unref();
  });
  user.on('webSession', (_sessionID: string, cookies: string[]) => {
    manager.setCookies(cookies, (error) => {
      if (error) {
        logger.error({ err: error }, 'trade bot: the web session was refused');
        return;
      }
      online = true;
      logger.info('trade bot: web session ready');
      acknowledgeTradeProtectionOnce();
      firstSession?.resolve();
    });
  });
  user.on('disconnected', (eresult: number, message?: string) => {
    online = false;
    logger.warn({ eresult, message }, 'trade bot: disconnected from Steam (steam-user reconnects)');
  });
  user.on('error', (error: Error & { eresult?: number }) => {
    online = false;
    if (usingRefreshToken) {
      // The saved token expired or was revoked: forget it and log on with the password.
      refreshToken = null;
      logger.warn({ err: error }, 'trade bot: the refresh token was refused; logging on with the password');
      persist('refresh token', () => state.saveRefreshToken(null));
      logOn();
      return;
    }
    logger.error({ err: error, eresult: error.eresult }, 'trade bot: log-on failed');
    scheduleLogOn();
  });

  // steamcommunity and steam-tradeoffer-manager
  community.on('sessionExpired', refreshSession);
  manager.on('sessionExpired', refreshSession);
  manager.on('pollData', (pollData: unknown) => persist('poll data', () => state.savePollData(pollData)));
  manager.on('pollFailure', (error: Error) => logger.warn({ err: error }, 'trade bot: polling trade offers failed'));
  manager.on('sentOfferChanged', (offer: TradeOfferLike, oldState: number) => {
    toBotOffer(offer)
      .then((changed) => {
        for (const listener of listeners) {
          try {
            listener(changed);
          } catch (error) {
            logger.error({ err: error, offerId: changed.id }, 'trade offer listener failed');
          }
        }
      })
      .catch((error: unknown) => logger.warn({ err: error, offerId: offer.id, oldState, state: offer.state }, 'trade bot: reading a changed offer failed'));
  });

  return {
    async sendOffer(request: SendOfferRequest) {
      requireOnline();
      let offer: TradeOfferLike;
      try {
        offer = manager.createOffer(request.tradeUrl);
      } catch (error) {
        throw unavailable('createOffer', error);
      }
      for (const item of request.itemsToGive) offer.addMyItem({ appid: item.appid, contextid: item.contextid, assetid: item.assetid });
      for (const item of request.itemsToReceive) offer.addTheirItem({ appid: item.appid, contextid: item.contextid, assetid: item.assetid });
      offer.setMessage(request.message);
      const status = await new Promise<'pending' | 'sent'>((resolve, reject) => offer.send((error, result) => (error ? reject(error) : resolve(result!)))).catch(
        (error: unknown) => {
          throw unavailable('sending the trade offer', error);
        },
      );
      const offerId = String(offer.id);
      if (status === 'pending') {
        // Offers that give items wait for the mobile authenticator's confirmation.
        try {
          await new Promise<void>((resolve, reject) =>
            community.acceptConfirmationForObject(settings.identitySecret, offerId, (error) => (error ? reject(error) : resolve())),
          );
        } catch (error) {
          // An unconfirmed offer must not linger where a later confirmation could still send it.
          offer.cancel((cancelError) => cancelError && logger.warn({ err: cancelError, offerId }, 'trade bot: cancelling an unconfirmed offer failed'));
          throw unavailable('confirming the trade offer', error);
        }
        return { offerId, state: ACTIVE };
      }
      return { offerId, state: offer.state };
    },

    async getOffer(offerId) {
      return toBotOffer(await rawOffer(offerId));
    },

    async cancelOffer(offerId) {
      const offer = await rawOffer(offerId);
      if (offer.state !== ACTIVE && offer.state !== NEEDS_CONFIRMATION) return;
      await new Promise<void>((resolve, reject) => offer.cancel((error) => (error ? reject(error) : resolve()))).catch(async (error: unknown) => {
        // It may have ended between reading and cancelling: that is not a failure.
        const now = await rawOffer(offerId);
        if (now.state === ACTIVE || now.state === NEEDS_CONFIRMATION) throw unavailable('cancelling the trade offer', error);
      });
    },

    async findSentOffer(marker, sinceSeconds) {
      requireOnline();
      const sent = await new Promise<TradeOfferLike[]>((resolve, reject) =>
        manager.getOffers(ALL_OFFERS, new Date(sinceSeconds * 1000), (error, offers) => (error ? reject(unavailable('getOffers', error)) : resolve(offers ?? []))),
      );
      const found = sent.find((offer) => offer.message.includes(marker) && offer.id);
      return found ? { offerId: String(found.id), state: found.state } : null;
    },

    async getTradeHistory(sinceSeconds) {
      requireOnline();
      const history = await readTradeHistory(sinceSeconds, async (query) => {
        const url = `${WEB_API}/IEconService/GetTradeHistory/v1/?access_token=${encodeURIComponent(manager.accessToken ?? '')}&${query}`;
        let answer: { status: number; body: unknown };
        try {
          answer = await deps.webApiGet(url);
        } catch (error) {
          throw unavailable('GetTradeHistory', error);
        }
        if (answer.status === 401 || answer.status === 403) refreshSession(new Error(`GetTradeHistory answered ${answer.status}`));
        if (answer.status !== 200) throw new TradeBotUnavailableError(`GetTradeHistory answered ${answer.status}`);
        return answer.body;
      });
      if (!history.complete) logger.warn({ sinceSeconds }, 'trade bot: trade history longer than the pages read');
      return history.entries;
    },

    async isTradable(assetid) {
      requireOnline();
      const items = await new Promise<Array<{ assetid?: string; id?: string }>>((resolve, reject) =>
        manager.getInventoryContents(730, 2, true, (error, inventory) => (error ? reject(unavailable('getInventoryContents', error)) : resolve(inventory ?? []))),
      );
      return items.some((item) => String(item.assetid ?? item.id) === assetid);
    },

    onOfferChanged(listener) {
      listeners.push(listener);
    },

    async start() {
      const ready = new Promise<void>((resolve) => {
        firstSession = { resolve };
      });
      const saved = await state.load();
      refreshToken = saved.refreshToken;
      acknowledged = saved.tradeProtectionAcknowledgedAt !== null;
      // Poll data first: the manager's first poll (after the web session) compares against it.
      if (saved.pollData) manager.pollData = saved.pollData;
      logOn();
      const stopHeartbeat = deps.startHeartbeat(() => online);
      // Wait a while for the first web session; when Steam is slow or down the bot keeps trying
      // in the background and reports itself offline until then.
      let waitTimer: NodeJS.Timeout | undefined;
      const timedOut = await Promise.race([
        ready.then(() => false),
        new Promise<boolean>((resolve) => {
          waitTimer = setTimeout(() => resolve(true), deps.logOnWaitMs ?? 60_000);
          waitTimer.unref();
        }),
      ]);
      clearTimeout(waitTimer);
      if (timedOut) logger.warn('trade bot: not logged on yet; offers fail until it is');
      return async () => {
        stopped = true;
        online = false;
        clearTimeout(retryTimer);
        await stopHeartbeat();
        manager.shutdown();
        user.logOff();
        await writes;
      };
    },
  };
}
