/**
 * The platform's trade bot, as the market sees it: send, read and cancel trade offers, read the
 * trade history (where Steam records trade-protection reversals), and check that an item it holds
 * is tradable. Two implementations: the live bot (steam-user, steamcommunity,
 * steam-tradeoffer-manager, steam-totp) and the simulated bot that talks to the simulated Steam
 * under /dev/steam over HTTP. The market's commands only ever see this interface.
 */

/** An item in a trade offer, as Steam identifies it. */
export interface TradeItem {
  appid: number;
  contextid: string;
  assetid: string;
}

export interface SendOfferRequest {
  /** The counterparty's trade URL (partner + token). */
  tradeUrl: string;
  /** Items the bot asks for (a seller's deposit). */
  itemsToReceive: TradeItem[];
  /** Items the bot gives (a delivery to a buyer, a return to a seller). */
  itemsToGive: TradeItem[];
  /** Shown to the counterparty in Steam's offer. */
  message: string;
}

/** A received item's new identity in the bot's inventory (Steam re-numbers traded items). */
export interface ReceivedItem {
  /** The id the item had in the sender's inventory. */
  assetid: string;
  newAssetid: string;
  /** 16 while trade-protected, 2 once tradable. */
  newContextid: string;
}

export interface BotOffer {
  /** Steam's tradeofferid. */
  id: string;
  /** Steam's ETradeOfferState (shared/schemas/market.ts TRADE_OFFER_STATES). */
  state: number;
  /** Steam's tradeid once the offer was accepted, else null. */
  tradeId: string | null;
  /** Items the bot received, with their new ids; present once accepted. */
  received: ReceivedItem[];
  /** For received items: when Steam's trade protection ends (ms epoch), when Steam says so. */
  tradableAt: number | null;
}

/** One trade in the bot's trade history (IEconService/GetTradeHistory). */
export interface TradeHistoryEntry {
  tradeId: string;
  /** Steam's ETradeStatus: 3 Complete, 12 TradeProtectionRollback (reversed) … */
  status: number;
  /** Set on the trade that reversed another: the tradeid it rolled back. */
  rollbackTrade: string | null;
  /** Seconds since epoch. */
  timeInit: number;
}

/** ETradeStatus values the market acts on. */
export const TRADE_STATUS = { Complete: 3, TradeProtectionRollback: 12 } as const;

/** The bot could not be reached or refused the request: the caller marks its offer failed. */
export class TradeBotUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TradeBotUnavailableError';
  }
}

/**
 * Every method throws TradeBotUnavailableError when Steam cannot be reached, answers 5xx or
 * refuses the request (an unknown offer, a stale trade URL, items no longer in the inventory).
 */
export interface TradeBot {
  /** Sends the offer (confirming it on the mobile authenticator when the bot gives items); state 2 Active or 9. */
  sendOffer(request: SendOfferRequest): Promise<{ offerId: string; state: number }>;
  /** The offer as Steam has it now; once Accepted, with the received items' new ids. */
  getOffer(offerId: string): Promise<BotOffer>;
  /**
   * Cancels an offer that is still active. Resolves too when the offer had already ended
   * (accepted, declined …) before the cancel arrived: getOffer tells which.
   */
  cancelOffer(offerId: string): Promise<void>;
  /**
   * The offer the bot sent whose message contains `marker` (our `(ref <id>)`), in whatever state
   * Steam has it now, among those still active or changed since `sinceSeconds` (epoch seconds), if
   * any: a send whose answer was lost (a timeout, a process that died mid-send) is followed instead
   * of leaving that offer untracked or sending a twin, even when its counterparty already answered
   * it (accepted or declined while nobody followed it).
   */
  findSentOffer(marker: string, sinceSeconds: number): Promise<{ offerId: string; state: number } | null>;
  /** Trades since `sinceSeconds` (epoch seconds), newest first. */
  getTradeHistory(sinceSeconds: number): Promise<TradeHistoryEntry[]>;
  /** Whether the bot holds this asset in a tradable context (2), i.e. its protection is over. */
  isTradable(assetid: string): Promise<boolean>;
  /**
   * Offer state changes the bot learns of by itself, for offers it sent (live:
   * steam-tradeoffer-manager's sentOfferChanged; simulated: a poll loop). Only while started;
   * a change may be reported more than once (after a restart), so listeners must be idempotent.
   */
  onOfferChanged(listener: (offer: BotOffer) => void): void;
  /** Logs on, starts polling and the heartbeat that /api/bot-status reads; returns the stop function. */
  start(): Promise<() => Promise<void>>;
}

/**
 * A web process's trade bot: it never logs on to Steam, and refuses every call (such a process's
 * `runsBot()` is false, so the market leaves bot work to the leading worker instead of calling it).
 */
export function absentTradeBot(): TradeBot {
  const refuse = () => Promise.reject(new TradeBotUnavailableError('this process does not run the trade bot'));
  return {
    sendOffer: refuse,
    getOffer: refuse,
    cancelOffer: refuse,
    findSentOffer: refuse,
    getTradeHistory: refuse,
    isTradable: refuse,
    onOfferChanged: () => undefined,
    start: () => Promise.resolve(async () => undefined),
  };
}
