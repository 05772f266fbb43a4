/**
 * The live adapter against the libraries' interfaces: fakes with steam-user's, steamcommunity's and
 * steam-tradeoffer-manager's method shapes and event names (no Steam): log-on, token and poll-data
 * persistence, session refresh, offer-change mapping, confirmations and the trade-protection
 * acknowledgement.
 */
import { EventEmitter } from 'node:events';
import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { type BotOffer, TradeBotUnavailableError } from '../tradeBot';
import { type BotStateRow, type BotStateStore } from './botState';
import {
  createLiveTradeBot,
  type ExchangeAsset,
  protectionEnd,
  type SteamCommunityLike,
  type SteamUserLike,
  type TradeOfferLike,
  type TradeOfferManagerLike,
} from './liveTradeBot';

const settings = { accountName: 'market_bot', password: 'hunter2', sharedSecret: 'shared==', identitySecret: 'identity==' };
const COOKIES = ['steamLoginSecure=76561198000000100%7C%7Ceyaccess', 'sessionid=abc'];
const tick = () => new Promise((resolve) => setImmediate(resolve));

class FakeUser extends EventEmitter implements SteamUserLike {
  steamID: unknown = null;
  /** What a log-on does: by default, a successful one (refresh token, loggedOn, webSession). */
  onLogOn: (details: Record<string, unknown>) => void = () => {
    this.emit('refreshToken', 'refresh-1');
    this.steamID = '76561198000000100';
    this.emit('loggedOn', {});
    this.emit('webSession', 'sid', COOKIES);
  };
  logOn = vi.fn((details: Record<string, unknown>) => setImmediate(() => this.onLogOn(details)));
  webLogOn = vi.fn(() => setImmediate(() => this.emit('webSession', 'sid2', COOKIES)));
  logOff = vi.fn();
}

class FakeCommunity extends EventEmitter implements SteamCommunityLike {
  confirmationError: Error | null = null;
  acceptConfirmationForObject = vi.fn((_secret: string, _id: string, callback: (error: Error | null) => void) => callback(this.confirmationError));
  acknowledgeTradeProtection = vi.fn((callback: (error: Error | null) => void) => callback(null));
}

class FakeOffer implements TradeOfferLike {
  id: string | null = null;
  tradeID: string | null = null;
  itemsToGive: unknown[] = [];
  itemsToReceive: unknown[] = [];
  message = '';
  sendResult: 'pending' | 'sent' = 'sent';
  exchange: { tradeInit: Date; received: ExchangeAsset[] } | null = null;
  constructor(
    readonly url: string,
    public state = 1,
  ) {}
  addMyItem = vi.fn((item: unknown) => this.itemsToGive.push(item) > 0);
  addTheirItem = vi.fn((item: unknown) => this.itemsToReceive.push(item) > 0);
  setMessage(message: string) {
    this.message = message;
  }
  send = vi.fn((callback: (error: Error | null, status?: 'pending' | 'sent') => void) => {
    this.id = '6000000001';
    this.state = this.sendResult === 'pending' ? 9 : 2;
    callback(null, this.sendResult);
  });
  cancel = vi.fn((callback: (error: Error | null) => void) => {
    this.state = 6;
    callback(null);
  });
  getExchangeDetails = vi.fn(
    (_ifFailed: boolean, callback: (error: Error | null, status?: number, tradeInitTime?: Date, received?: ExchangeAsset[], sent?: ExchangeAsset[]) => void) => {
      if (!this.exchange) callback(new Error('Trade not found in GetTradeStatus response; try again later'));
      else callback(null, 3, this.exchange.tradeInit, this.exchange.received, []);
    },
  );
}

class FakeManager extends EventEmitter implements TradeOfferManagerLike {
  pollData: unknown = {};
  accessToken: string | null = null;
  offers = new Map<string, FakeOffer>();
  created: FakeOffer[] = [];
  inventory: Array<{ assetid: string }> = [];
  setCookies = vi.fn((cookies: string[], callback: (error: Error | null) => void) => {
    this.accessToken = 'eyaccess';
    callback(cookies.length ? null : new Error('steamLoginSecure cookie not found'));
  });
  createOffer = vi.fn((tradeUrl: string) => {
    if (!tradeUrl.includes('partner=')) throw new Error('Invalid trade URL');
    const offer = new FakeOffer(tradeUrl);
    this.created.push(offer);
    return offer;
  });
  getOffer = vi.fn((id: string, callback: (error: Error | null, offer?: TradeOfferLike) => void) => {
    const offer = this.offers.get(id);
    callback(offer ? null : new Error('No matching offer found'), offer);
  });
  getInventoryContents = vi.fn(
    (_appid: number, _contextid: number, _tradableOnly: boolean, callback: (error: Error | null, inventory?: Array<{ assetid?: string }>) => void) =>
      callback(null, this.inventory),
  );
  getOffers = vi.fn((_filter: number, _historicalCutoff: Date, callback: (error: Error | null, sent?: TradeOfferLike[], received?: TradeOfferLike[]) => void) =>
    callback(null, [...this.offers.values()], []),
  );
  shutdown = vi.fn();
}

class MemoryState implements BotStateStore {
  row: BotStateRow = { refreshToken: null, pollData: null, tradeProtectionAcknowledgedAt: null };
  saves: Array<[string, unknown]> = [];
  async load() {
    return { ...this.row };
  }
  async saveRefreshToken(token: string | null) {
    this.row.refreshToken = token;
    this.saves.push(['refreshToken', token]);
  }
  async savePollData(pollData: unknown) {
    this.row.pollData = pollData as Record<string, unknown>;
    this.saves.push(['pollData', pollData]);
  }
  async markTradeProtectionAcknowledged() {
    this.row.tradeProtectionAcknowledgedAt = new Date();
    this.saves.push(['acknowledged', true]);
  }
}

function setup(options: { state?: Partial<BotStateRow>; webApi?: (url: string) => { status: number; body: unknown } } = {}) {
  const user = new FakeUser();
  const community = new FakeCommunity();
  const manager = new FakeManager();
  const state = new MemoryState();
  Object.assign(state.row, options.state);
  const heartbeat = { isOnline: (): boolean => false, stopped: false };
  const webApiGet = vi.fn(async (url: string) => (options.webApi ?? (() => ({ status: 200, body: { response: { trades: [] } } })))(url));
  const bot = createLiveTradeBot(settings, {
    user,
    community,
    manager,
    authCode: (secret) => `code(${secret})`,
    webApiGet,
    state,
    startHeartbeat(isOnline) {
      heartbeat.isOnline = isOnline;
      return async () => {
        heartbeat.stopped = true;
      };
    },
    logger: pino({ level: 'silent' }),
    logOnWaitMs: 1_000,
    retryMs: 10,
  });
  return { bot, user, community, manager, state, heartbeat, webApiGet };
}

describe('log-on', () => {
  it('logs on with the account name, password and a TOTP code, then hands the web session to the manager', async () => {
    const { bot, user, manager, state, heartbeat } = setup();
    const stop = await bot.start();
    expect(user.logOn).toHaveBeenCalledTimes(1);
    expect(user.logOn).toHaveBeenCalledWith({ accountName: 'market_bot', password: 'hunter2', twoFactorCode: 'code(shared==)' });
    expect(manager.setCookies).toHaveBeenCalledWith(COOKIES, expect.any(Function));
    expect(heartbeat.isOnline()).toBe(true);
    // The refresh token Steam issued is persisted for the next start.
    await tick();
    expect(state.row.refreshToken).toBe('refresh-1');
    await stop();
    expect(heartbeat.stopped).toBe(true);
    expect(manager.shutdown).toHaveBeenCalled();
    expect(user.logOff).toHaveBeenCalled();
    expect(heartbeat.isOnline()).toBe(false);
  });

  it('logs on with the saved refresh token, and keeps a renewed one', async () => {
    const { bot, user, state } = setup({ state: { refreshToken: 'saved-token' } });
    user.onLogOn = () => {
      user.emit('refreshToken', 'renewed-token');
      user.emit('loggedOn', {});
      user.emit('webSession', 'sid', COOKIES);
    };
    const stop = await bot.start();
    expect(user.logOn).toHaveBeenCalledWith({ refreshToken: 'saved-token' });
    await tick();
    expect(state.row.refreshToken).toBe('renewed-token');
    await stop();
  });

  it('forgets a refused refresh token and logs on with the password instead', async () => {
    const { bot, user, state } = setup({ state: { refreshToken: 'expired-token' } });
    const succeed = user.onLogOn;
    user.onLogOn = (details) => {
      if ('refreshToken' in details) user.emit('error', Object.assign(new Error('AccessDenied'), { eresult: 15 }));
      else succeed(details);
    };
    const stop = await bot.start();
    expect(user.logOn.mock.calls.map(([details]) => Object.keys(details).sort())).toEqual([['refreshToken'], ['accountName', 'password', 'twoFactorCode']]);
    await tick();
    expect(state.saves).toContainEqual(['refreshToken', null]);
    expect(state.row.refreshToken).toBe('refresh-1');
    await stop();
  });

  it('answers steamGuard with a fresh TOTP code', async () => {
    const { bot, user } = setup();
    const callback = vi.fn();
    user.onLogOn = () => user.emit('steamGuard', null, callback, false);
    const stop = await bot.start();
    await tick();
    expect(callback).toHaveBeenCalledWith('code(shared==)');
    await stop();
  });

  it('tries again later after a failed log-on and stays offline meanwhile', async () => {
    const { bot, user, heartbeat } = setup();
    const succeed = user.onLogOn;
    let attempts = 0;
    user.onLogOn = (details) => {
      attempts++;
      if (attempts === 1) user.emit('error', Object.assign(new Error('RateLimitExceeded'), { eresult: 84 }));
      else succeed(details);
    };
    const stop = await bot.start();
    expect(attempts).toBe(2);
    expect(heartbeat.isOnline()).toBe(true);
    await stop();
  });

  it('refuses work while not logged on', async () => {
    const { bot } = setup();
    await expect(bot.sendOffer({ tradeUrl: 'https://steamcommunity.com/tradeoffer/new/?partner=1&token=a', itemsToGive: [], itemsToReceive: [], message: '' })).rejects.toBeInstanceOf(
      TradeBotUnavailableError,
    );
    await expect(bot.getOffer('1')).rejects.toBeInstanceOf(TradeBotUnavailableError);
    await expect(bot.getTradeHistory(0)).rejects.toBeInstanceOf(TradeBotUnavailableError);
  });
});

describe('persistence and sessions', () => {
  it('loads the saved poll data into the manager before logging on and saves every update', async () => {
    const saved = { sent: { '5000': 2 }, timestamps: { '5000': 1 } };
    const { bot, user, manager, state } = setup({ state: { pollData: saved } });
    let pollDataAtLogOn: unknown;
    const succeed = user.onLogOn;
    user.onLogOn = (details) => {
      pollDataAtLogOn = manager.pollData;
      succeed(details);
    };
    const stop = await bot.start();
    expect(pollDataAtLogOn).toEqual(saved);
    const next = { sent: { '5000': 3 }, timestamps: { '5000': 2 } };
    manager.emit('pollData', next);
    await tick();
    expect(state.row.pollData).toEqual(next);
    await stop();
  });

  it('on sessionExpired (from steamcommunity or the manager) gets a new web session, once per burst', async () => {
    const { bot, user, community, manager, heartbeat } = setup();
    const stop = await bot.start();
    community.emit('sessionExpired', new Error('Not Logged In'));
    manager.emit('sessionExpired', new Error('HTTP error 401'));
    expect(user.webLogOn).toHaveBeenCalledTimes(1);
    expect(heartbeat.isOnline()).toBe(false);
    await tick();
    expect(manager.setCookies).toHaveBeenCalledTimes(2);
    expect(heartbeat.isOnline()).toBe(true);
    await stop();
  });

  it('logs on again when the session expired while disconnected from Steam', async () => {
    const { bot, user, community } = setup();
    const stop = await bot.start();
    user.steamID = null;
    community.emit('sessionExpired', new Error('Not Logged In'));
    expect(user.webLogOn).not.toHaveBeenCalled();
    expect(user.logOn).toHaveBeenCalledTimes(2);
    await stop();
  });

  it('acknowledges trade protection once per account', async () => {
    const first = setup();
    const stop = await first.bot.start();
    first.user.emit('webSession', 'sid3', COOKIES);
    await tick();
    expect(first.community.acknowledgeTradeProtection).toHaveBeenCalledTimes(1);
    expect(first.state.saves.filter(([what]) => what === 'acknowledged')).toHaveLength(1);
    await stop();

    const second = setup({ state: { tradeProtectionAcknowledgedAt: new Date() } });
    const stopSecond = await second.bot.start();
    expect(second.community.acknowledgeTradeProtection).not.toHaveBeenCalled();
    await stopSecond();
  });
});

describe('offers', () => {
  const tradeUrl = 'https://steamcommunity.com/tradeoffer/new/?partner=39734273&token=AbC123';
  const item = (assetid: string) => ({ appid: 730, contextid: '2', assetid });

  it('sends a deposit (items to receive) without a confirmation', async () => {
    const { bot, manager, community } = setup();
    const stop = await bot.start();
    const sent = await bot.sendOffer({ tradeUrl, itemsToReceive: [item('11'), item('12')], itemsToGive: [], message: 'SkinMarket deposit' });
    expect(sent).toEqual({ offerId: '6000000001', state: 2 });
    const offer = manager.created[0]!;
    expect(manager.createOffer).toHaveBeenCalledWith(tradeUrl);
    expect(offer.itemsToReceive).toEqual([item('11'), item('12')]);
    expect(offer.message).toBe('SkinMarket deposit');
    expect(community.acceptConfirmationForObject).not.toHaveBeenCalled();
    await stop();
  });

  it('confirms an offer that gives items with the identity secret', async () => {
    const { bot, manager, community } = setup();
    const stop = await bot.start();
    manager.createOffer.mockImplementationOnce((url: string) => {
      const offer = new FakeOffer(url);
      offer.sendResult = 'pending';
      manager.created.push(offer);
      return offer;
    });
    const sent = await bot.sendOffer({ tradeUrl, itemsToGive: [item('900')], itemsToReceive: [], message: 'Your purchase' });
    expect(community.acceptConfirmationForObject).toHaveBeenCalledWith('identity==', '6000000001', expect.any(Function));
    expect(sent).toEqual({ offerId: '6000000001', state: 2 });
    expect(manager.created[0]!.itemsToGive).toEqual([item('900')]);
    await stop();
  });

  it('cancels an offer whose confirmation failed and reports the bot unavailable', async () => {
    const { bot, manager, community } = setup();
    const stop = await bot.start();
    community.confirmationError = new Error('Could not find confirmation for object');
    manager.createOffer.mockImplementationOnce((url: string) => {
      const offer = new FakeOffer(url);
      offer.sendResult = 'pending';
      manager.created.push(offer);
      return offer;
    });
    await expect(bot.sendOffer({ tradeUrl, itemsToGive: [item('900')], itemsToReceive: [], message: '' })).rejects.toBeInstanceOf(TradeBotUnavailableError);
    expect(manager.created[0]!.cancel).toHaveBeenCalled();
    await stop();
  });

  it('maps sentOfferChanged to BotOffer with the received items new ids (failed trades included) and the protection end', async () => {
    const { bot, manager } = setup();
    const seen: BotOffer[] = [];
    bot.onOfferChanged((offer) => seen.push(offer));
    const stop = await bot.start();
    const accepted = new FakeOffer(tradeUrl, 3);
    Object.assign(accepted, { id: '6000000007', tradeID: '4000000000000000001', itemsToReceive: [item('11')] });
    accepted.exchange = { tradeInit: new Date('2025-07-20T10:15:30Z'), received: [{ assetid: '11', new_assetid: '45000000001', new_contextid: '16' }] };
    manager.emit('sentOfferChanged', accepted, 2);
    const declined = new FakeOffer(tradeUrl, 7);
    Object.assign(declined, { id: '6000000008', itemsToReceive: [item('12')] });
    manager.emit('sentOfferChanged', declined, 2);
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    expect(seen.find((offer) => offer.id === '6000000007')).toEqual({
      id: '6000000007',
      state: 3,
      tradeId: '4000000000000000001',
      received: [{ assetid: '11', newAssetid: '45000000001', newContextid: '16' }],
      tradableAt: Date.parse('2025-07-27T11:00:00Z'),
    });
    expect(accepted.getExchangeDetails).toHaveBeenCalledWith(true, expect.any(Function));
    expect(seen.find((offer) => offer.id === '6000000008')).toEqual({ id: '6000000008', state: 7, tradeId: null, received: [], tradableAt: null });
    expect(declined.getExchangeDetails).not.toHaveBeenCalled();
    await stop();
  });

  it('reads and cancels offers through the manager; cancelling an ended offer is not an error', async () => {
    const { bot, manager } = setup();
    const stop = await bot.start();
    const active = new FakeOffer(tradeUrl, 2);
    active.id = '1';
    const accepted = new FakeOffer(tradeUrl, 3);
    accepted.id = '2';
    manager.offers.set('1', active).set('2', accepted);
    expect(await bot.getOffer('1')).toEqual({ id: '1', state: 2, tradeId: null, received: [], tradableAt: null });
    await bot.cancelOffer('1');
    expect(active.cancel).toHaveBeenCalled();
    await bot.cancelOffer('2');
    expect(accepted.cancel).not.toHaveBeenCalled();
    await expect(bot.getOffer('3')).rejects.toBeInstanceOf(TradeBotUnavailableError);
    await stop();
  });

  it('finds a sent offer still active or awaiting confirmation by the marker in its message', async () => {
    const { bot, manager } = setup();
    const stop = await bot.start();
    const offer = (id: string, state: number, message: string) => {
      const made = new FakeOffer(tradeUrl, state);
      made.id = id;
      made.message = message;
      manager.offers.set(id, made);
    };
    offer('1', 3, 'Your purchase from SkinMarket (ref aaa)');
    offer('2', 2, 'Your purchase from SkinMarket (ref bbb)');
    offer('3', 9, 'Your items for sale on SkinMarket (ref ccc)');
    // Accepted before anyone followed it: still ours to follow, not to send again.
    expect(await bot.findSentOffer('(ref aaa)', 1_795_000_000)).toEqual({ offerId: '1', state: 3 });
    expect(await bot.findSentOffer('(ref bbb)', 1_795_000_000)).toEqual({ offerId: '2', state: 2 });
    expect(await bot.findSentOffer('(ref ccc)', 1_795_000_000)).toEqual({ offerId: '3', state: 9 });
    expect(await bot.findSentOffer('(ref ddd)', 1_795_000_000)).toBeNull();
    expect(manager.getOffers).toHaveBeenCalledWith(3, new Date(1_795_000_000_000), expect.any(Function));

    manager.getOffers.mockImplementationOnce((_filter, _cutoff, callback) => callback(new Error('HTTP error 502')));
    await expect(bot.findSentOffer('(ref bbb)', 1_795_000_000)).rejects.toBeInstanceOf(TradeBotUnavailableError);
    await stop();
  });
});

describe('trade history and tradability', () => {
  it('reads GetTradeHistory with the access token, failed trades included, across pages', async () => {
    const pages = [
      {
        response: {
          more: true,
          trades: [
            { tradeid: '30', time_init: 1_800_000_300, status: 3, rollback_trade: '10' },
            { tradeid: '20', time_init: 1_800_000_200, status: 3 },
          ],
        },
      },
      { response: { more: true, trades: [{ tradeid: '10', time_init: 1_800_000_100, status: 12 }, { tradeid: '5', time_init: 1_700_000_000, status: 3 }] } },
    ];
    const { bot, webApiGet } = setup({ webApi: () => ({ status: 200, body: pages.shift() }) });
    const stop = await bot.start();
    const history = await bot.getTradeHistory(1_800_000_000);
    expect(history).toEqual([
      { tradeId: '30', status: 3, rollbackTrade: '10', timeInit: 1_800_000_300 },
      { tradeId: '20', status: 3, rollbackTrade: null, timeInit: 1_800_000_200 },
      { tradeId: '10', status: 12, rollbackTrade: null, timeInit: 1_800_000_100 },
    ]);
    const [first, second] = webApiGet.mock.calls.map(([url]) => new URL(url));
    expect(first!.origin + first!.pathname).toBe('https://api.steampowered.com/IEconService/GetTradeHistory/v1/');
    expect(first!.searchParams.get('access_token')).toBe('eyaccess');
    expect(first!.searchParams.get('include_failed')).toBe('1');
    expect(second!.searchParams.get('start_after_time')).toBe('1800000200');
    expect(second!.searchParams.get('start_after_tradeid')).toBe('20');
    await stop();
  });

  it('refreshes the session when the Web API refuses the token', async () => {
    const { bot, user } = setup({ webApi: () => ({ status: 401, body: null }) });
    const stop = await bot.start();
    await expect(bot.getTradeHistory(0)).rejects.toBeInstanceOf(TradeBotUnavailableError);
    expect(user.webLogOn).toHaveBeenCalled();
    await stop();
  });

  it('calls an item tradable only when it is in the tradable context 2', async () => {
    const { bot, manager } = setup();
    const stop = await bot.start();
    manager.inventory = [{ assetid: '45000000001' }];
    expect(await bot.isTradable('45000000001')).toBe(true);
    expect(await bot.isTradable('45000000002')).toBe(false);
    expect(manager.getInventoryContents).toHaveBeenCalledWith(730, 2, true, expect.any(Function));
    await stop();
  });

  it('rounds the protection end up to the hour, seven days after the trade', () => {
    expect(protectionEnd(new Date('2025-07-20T10:15:30Z'))).toBe(Date.parse('2025-07-27T11:00:00Z'));
    expect(protectionEnd(new Date('2025-07-20T10:00:00Z'))).toBe(Date.parse('2025-07-27T10:00:00Z'));
  });
});
