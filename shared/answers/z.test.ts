import { describe, expect, it } from 'vitest';
import { currentUserAnswer } from './user';
import { parseAnswer } from './z';

describe('parseAnswer', () => {
  it('accepts an answer of the right shape and names the first field that differs', () => {
    const good = { steamId: '76561198000000001', username: 'ana', displayName: 'Ana', email: '', tradeUrl: '', avatar: '', profileUrl: '', balance: '12.30', depositReference: 'SM-1', version: 1, createdAt: '2026-11-27T10:00:00.000Z' };
    expect(parseAnswer(currentUserAnswer, good).ok).toBe(true);
    expect(parseAnswer(currentUserAnswer, { ...good, balance: 12.3 })).toEqual({ ok: false, problem: 'balance: invalid_type (expected string)' });
    expect(parseAnswer(currentUserAnswer, { ...good, balance: '12.3' })).toEqual({ ok: false, problem: 'balance: invalid_format' });
    const { version: _version, ...withoutVersion } = good;
    expect(parseAnswer(currentUserAnswer, withoutVersion)).toEqual({ ok: false, problem: 'version: invalid_type (expected number)' });
  });
});
