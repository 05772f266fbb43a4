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
 * SQL (a boolean) for whether Steam confirmed within TRADE_URL_CHECK_TTL_MS that this exact trade
 * URL of the user can receive: `user`, `tradeUrl` and `checkedAfter` (now less the TTL) are the
 * statement's placeholders.
 */
export function tradeUrlConfirmedSql(user: string, tradeUrl: string, checkedAfter: string): string {
  return `EXISTS (SELECT 1 FROM trade_url_checks WHERE user_id = ${user}::uuid AND trade_url = ${tradeUrl}::text AND checked_at > ${checkedAfter}::timestamptz)`;
}

/** Steam checks under way, per gateway and user's trade URL. */
const checksUnderWay = new WeakMap<SteamGateway, Map<string, Promise<void>>>();

/**
 * Asks Steam whether it will deliver to the buyer's saved trade URL (one without a confirmation
 * from the last TRADE_URL_CHECK_TTL_MS: `tradeUrlConfirmedSql`) and remembers a yes; throws the 400
 * or 503 above otherwise. Concurrent checks of one user's URL (a double click, purchases sent in
 * parallel) share one call to Steam and its answer. Never inside a transaction.
 */
export function confirmTradeUrlWithSteam(services: TradeUrlCheckServices, buyer: Pick<User, 'id' | 'tradeUrl'>, now = new Date()): Promise<void> {
  let underWay = checksUnderWay.get(services.steam);
  if (!underWay) checksUnderWay.set(services.steam, (underWay = new Map()));
  const key = `${buyer.id} ${buyer.tradeUrl}`;
  let check = underWay.get(key);
  if (!check) {
    check = askSteam(services, buyer, now).finally(() => underWay.delete(key));
    underWay.set(key, check);
  }
  return check;
}

async function askSteam(services: TradeUrlCheckServices, buyer: Pick<User, 'id' | 'tradeUrl'>, now: Date): Promise<void> {
  const { dataSource, steam, logger } = services;
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
  // Without waiting for the disk (synchronous_commit off for this statement's own transaction): a
  // check a crash forgets only means asking Steam again.
  await dataSource.query(
    `WITH unflushed AS (SELECT set_config('synchronous_commit', 'off', true))
     INSERT INTO trade_url_checks (user_id, trade_url, checked_at) SELECT $1::uuid, $2::text, $3::timestamptz FROM unflushed
     ON CONFLICT (user_id) DO UPDATE SET trade_url = excluded.trade_url, checked_at = excluded.checked_at`,
    [buyer.id, buyer.tradeUrl, now],
  );
}

/** Steam refused the user's trade URL after all: the next purchase asks Steam again. */
export async function forgetTradeUrlCheck(db: DataSource | EntityManager, userId: string, tradeUrl: string): Promise<void> {
  await db.query('DELETE FROM trade_url_checks WHERE user_id = $1 AND trade_url = $2', [userId, tradeUrl]);
}
