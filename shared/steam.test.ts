import { describe, expect, it } from 'vitest';
import { accountIdOf, isSteamId64, parseTradeUrl, steamId64Of, tradeUrlBelongsTo } from './steam';
import { tradeUrlSchema } from './schemas/user';

const seller = '76561198000000001';
const sellerUrl = `https://steamcommunity.com/tradeoffer/new/?partner=${accountIdOf(seller)}&token=AbC123_-`;

describe('steamid64 and account ids', () => {
  it('converts both ways', () => {
    expect(accountIdOf(seller)).toBe('39734273');
    expect(steamId64Of('39734273')).toBe(seller);
    expect(accountIdOf('76561197960265729')).toBe('1');
  });

  it('accepts only individual-account steamid64s', () => {
    expect(isSteamId64(seller)).toBe(true);
    expect(isSteamId64('76561197960265728')).toBe(false);
    expect(isSteamId64('7656119800000000')).toBe(false);
    expect(isSteamId64('86561198000000001')).toBe(false);
    expect(isSteamId64('76561198000000001 ')).toBe(false);
  });
});

describe('trade URLs', () => {
  it('parses the partner and token of a Steam trade-offer URL', () => {
    expect(parseTradeUrl(sellerUrl)).toEqual({ partner: '39734273', token: 'AbC123_-' });
  });

  it.each([
    ['http, not https', sellerUrl.replace('https:', 'http:')],
    ['another host', sellerUrl.replace('steamcommunity.com', 'steamcommunity.com.evil.example')],
    ['a look-alike host', sellerUrl.replace('steamcommunity.com', 'steamcomrnunity.com')],
    ['another path', sellerUrl.replace('/tradeoffer/new/', '/tradeoffer/old/')],
    ['no token', `https://steamcommunity.com/tradeoffer/new/?partner=${accountIdOf(seller)}`],
    ['a token with other characters', sellerUrl.replace('AbC123_-', 'AbC 123')],
    ['a partner with letters', sellerUrl.replace('39734273', '3973427x')],
    ['extra parameters', `${sellerUrl}&x=1`],
    ['swapped parameters', `https://steamcommunity.com/tradeoffer/new/?token=AbC123&partner=${accountIdOf(seller)}`],
  ])('refuses %s', (_what, url) => {
    expect(parseTradeUrl(url)).toBeNull();
    expect(tradeUrlSchema.safeParse(url).success).toBe(false);
  });

  it("knows whether a trade URL is the account's own", () => {
    expect(tradeUrlBelongsTo(sellerUrl, seller)).toBe(true);
    expect(tradeUrlBelongsTo(sellerUrl, '76561198000000002')).toBe(false);
    expect(tradeUrlBelongsTo('not a url', seller)).toBe(false);
  });

  it('gives the form messages', () => {
    expect(tradeUrlSchema.safeParse('').error?.issues[0]?.message).toBe('Trade URL is required');
    expect(tradeUrlSchema.safeParse('https://example.com').error?.issues[0]?.message).toBe('Please enter a valid Steam trade URL');
    expect(tradeUrlSchema.safeParse(`  ${sellerUrl}  `).data).toBe(sellerUrl);
  });
});
