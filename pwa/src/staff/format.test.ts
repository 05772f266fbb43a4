import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { errorMessage, personName, usd, words } from './format';

describe('usd', () => {
  it("shows the API's amounts with $, negative ones with their sign", () => {
    expect(usd('1500.00')).toBe('$1,500.00');
    expect(usd('-10.05')).toBe('-$10.05');
    expect(usd('+25.00')).toBe('$25.00');
    expect(usd('not money')).toBe('not money');
  });
});

describe('words', () => {
  it("writes the API's snake_case and dotted names as words", () => {
    expect(words('item_lost')).toBe('Item lost');
    expect(words('withdrawal.approve')).toBe('Withdrawal approve');
    expect(words('frozenAt')).toBe('Frozen at');
  });
});

describe('errorMessage', () => {
  it("gives the server's own message, or says the server could not be reached", () => {
    expect(errorMessage(new ApiError(409, 'Another finance person must approve it', {}))).toBe('Another finance person must approve it');
    expect(errorMessage(new TypeError('Failed to fetch'))).toMatch(/could not be reached/);
  });
});

describe('personName', () => {
  it('is the display name, or the SteamID while the user has chosen none', () => {
    expect(personName({ displayName: 'Jo Doe', steamId: '76561198000000001' })).toBe('Jo Doe');
    expect(personName({ displayName: ' ', steamId: '76561198000000001' })).toBe('Steam user 76561198000000001');
  });
});
