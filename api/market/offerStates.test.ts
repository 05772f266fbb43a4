/** Steam's offer states as our offers see them, and reversals read from trade history. */
import { describe, expect, it } from 'vitest';
import { TRADE_OFFER_STATES } from '../../shared/schemas/market';
import { failureMessage, stateName, statusForState } from './offerStates';
import { reversedTradeIds } from './reversals';

describe('statusForState', () => {
  it.each([
    ['Active', 'open'],
    ['CreatedNeedsConfirmation', 'open'],
    ['InEscrow', 'open'],
    ['Accepted', 'accepted'],
    ['Declined', 'failed'],
    ['Expired', 'failed'],
    ['Canceled', 'failed'],
    ['CanceledBySecondFactor', 'failed'],
    ['InvalidItems', 'failed'],
    ['Countered', 'failed'],
    ['Invalid', 'failed'],
  ] as const)('%s → %s', (name, status) => {
    expect(statusForState(TRADE_OFFER_STATES[name])).toBe(status);
    expect(stateName(TRADE_OFFER_STATES[name])).toBe(name);
  });

  it('treats states Steam may add later as failed, named Failed', () => {
    expect(statusForState(42)).toBe('failed');
    expect(stateName(42)).toBe('Failed');
    expect(stateName(null)).toBe('Failed');
  });

  it('gives every failure a message', () => {
    expect(failureMessage(TRADE_OFFER_STATES.Declined)).toBe('The trade offer was declined.');
    expect(failureMessage(TRADE_OFFER_STATES.Expired)).toMatch(/expired/);
    expect(failureMessage(TRADE_OFFER_STATES.InvalidItems)).toMatch(/no longer available/);
    expect(failureMessage(99)).toBe('The trade offer failed.');
  });
});

describe('reversedTradeIds', () => {
  it('counts a trade with status 12 and a trade named by a rollback trade', () => {
    const reversed = reversedTradeIds([
      { tradeId: '1', status: 3, rollbackTrade: null, timeInit: 1 },
      { tradeId: '2', status: 12, rollbackTrade: null, timeInit: 2 },
      { tradeId: '4', status: 3, rollbackTrade: '3', timeInit: 4 },
    ]);
    expect([...reversed].sort()).toEqual(['2', '3']);
  });
});
