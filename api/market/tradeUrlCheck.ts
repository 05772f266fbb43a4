/**
 * Before a buyer pays, Steam confirms that their saved trade URL can receive items, so that the
 * delivery after the seller's hold can reach them: IEconService/GetTradeHoldDurations through the
 * Steam gateway, with the Web API key (web processes never hold the trade bot's session).
 * - A trade URL Steam refuses (a replaced token, an account that cannot trade): 400 on `tradeUrl`.
 * - One whose trades Steam would hold (no mobile authenticator): 400 too; the item would sit in
 *   escrow, where either side can still cancel it, for days after the seller's hold.
 * - Steam not answering: 503; nothing is bought unchecked.
 * A success is remembered for that exact URL for TRADE_URL_CHECK_TTL_MS (trade_url_checks), so a
 * busy buyer costs one Steam call a day; saving another URL means a new check.
 */
import { type DataSource, type EntityManager } from 'typeorm';
import { parseTradeUrl, steamId64Of } from '../../shared/steam';
import { type AppServices } from '../context';
import { type User } from '../entities';
import { badRequest, HttpError } from '../errors';
import { type SteamGateway, SteamUnavailableError, type TradeUrlStatus } from '../steam/gateway';

export const TRADE_URL_CHECK_TTL_MS = 24 * 60 * 60 * 1000;

export const TRADE_URL_CANNOT_RECEIVE =
  'Steam will not deliver items to this trade URL: it has been replaced, or your account cannot trade. Copy your current trade URL from Steam into your profile, then purchase again.';
export const STEAM_CHECK_UNAVAILABLE = 'Steam could not confirm that your trade URL can receive items right now. Please try again in a few minutes.';

export function tradeHoldMessage(days: number): string {
  return `Steam would hold items sent to you for ${days} ${days === 1 ? 'day' : 'days'} because the Steam Guard Mobile Authenticator is not active on your account. Turn it on in the Steam Mobile App, then purchase again.`;
}

export type TradeUrlCheckServices = Pick<AppServices, 'dataSource' | 'steam' | 'logger'>;

/** What Steam says about a trade URL; throws SteamUnavailableError when it does not answer. */
export async function tradeUrlStatusOf(steam: SteamGateway, tradeUrl: string): Promise<TradeUrlStatus> {
  const parsed = parseTradeUrl(tradeUrl);
  if (!parsed) return { status: 'cannot_receive' };
  return steam.getTradeUrlStatus(steamId64Of(parsed.partner), parsed.token);
}

/**
 * Passes when Steam will deliver to the buyer's saved trade URL (a buyer without one passes: the
 * purchase answers that itself); throws the 400 or 503 above otherwise. Never inside a transaction.
 */
export async function assertTradeUrlCanReceive(services: TradeUrlCheckServices, buyer: Pick<User, 'id' | 'tradeUrl'>, now = new Date()): Promise<void> {
  const { dataSource, steam, logger } = services;
  if (!buyer.tradeUrl) return;
  const fresh = (await dataSource.query('SELECT 1 FROM trade_url_checks WHERE user_id = $1 AND trade_url = $2 AND checked_at > $3', [
    buyer.id,
    buyer.tradeUrl,
    new Date(now.getTime() - TRADE_URL_CHECK_TTL_MS),
  ])) as unknown[];
  if (fresh.length > 0) return;

  let answer: TradeUrlStatus;
  try {
    answer = await tradeUrlStatusOf(steam, buyer.tradeUrl);
  } catch (error) {
    if (!(error instanceof SteamUnavailableError)) throw error;
    logger.warn({ err: error, userId: buyer.id }, 'Steam did not answer a trade URL check');
    throw new HttpError(503, 'steam_unavailable', STEAM_CHECK_UNAVAILABLE, undefined, { 'Retry-After': '30' });
  }
  if (answer.status === 'cannot_receive') throw badRequest(TRADE_URL_CANNOT_RECEIVE, { tradeUrl: TRADE_URL_CANNOT_RECEIVE }, 'trade_url_cannot_receive');
  if (answer.holdDays > 0) {
    const message = tradeHoldMessage(answer.holdDays);
    throw badRequest(message, { tradeUrl: message }, 'trade_url_trade_hold');
  }
  await dataSource.query(
    `INSERT INTO trade_url_checks (user_id, trade_url, checked_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET trade_url = excluded.trade_url, checked_at = excluded.checked_at`,
    [buyer.id, buyer.tradeUrl, now],
  );
}

/** Steam refused the user's trade URL after all: the next purchase asks Steam again. */
export async function forgetTradeUrlCheck(db: DataSource | EntityManager, userId: string, tradeUrl: string): Promise<void> {
  await db.query('DELETE FROM trade_url_checks WHERE user_id = $1 AND trade_url = $2', [userId, tradeUrl]);
}
