/**
 * Steam identifiers and trade URLs. A trade URL's `partner` is the account id (the low 32 bits of
 * the steamid64), so the server can check that a trade URL belongs to the signed-in account.
 */

/** steamid64 of account id 0 in the public universe: steamid64 = base + account id. */
export const STEAMID64_BASE = 76561197960265728n;

export const STEAMID64_PATTERN = /^7656\d{13}$/;

export const TRADE_URL_PATTERN = /^https:\/\/steamcommunity\.com\/tradeoffer\/new\/\?partner=(\d{1,10})&token=([A-Za-z0-9_-]{1,32})$/;

export function isSteamId64(value: string): boolean {
  return STEAMID64_PATTERN.test(value) && BigInt(value) > STEAMID64_BASE;
}

/** The account id (trade-URL partner) of a steamid64. */
export function accountIdOf(steamId64: string): string {
  return (BigInt(steamId64) - STEAMID64_BASE).toString();
}

export function steamId64Of(accountId: string): string {
  return (BigInt(accountId) + STEAMID64_BASE).toString();
}

export function parseTradeUrl(url: string): { partner: string; token: string } | null {
  const match = TRADE_URL_PATTERN.exec(url.trim());
  return match ? { partner: match[1]!, token: match[2]! } : null;
}

/** True when the trade URL is well formed and names the given account. */
export function tradeUrlBelongsTo(url: string, steamId64: string): boolean {
  const parsed = parseTradeUrl(url);
  return parsed !== null && BigInt(parsed.partner) === BigInt(accountIdOf(steamId64));
}
