/** Whose doing a delivery offer's end without a trade was, for the buyer's standing. */
import { describe, expect, it } from 'vitest';
import { TRADE_OFFER_STATES } from '../../shared/schemas/market';
import { BUYER_CAUSED_FAILURES } from './buyerStanding';
import { failureReasonOfState } from './deliveries';

describe('failureReasonOfState', () => {
  it("blames the buyer only for the ends that are the buyer's: declined, countered, expired", () => {
    const buyerCaused = Object.entries(TRADE_OFFER_STATES)
      .filter(([, state]) => BUYER_CAUSED_FAILURES.includes(failureReasonOfState(state)))
      .map(([name]) => name);
    expect(buyerCaused).toEqual(['Countered', 'Expired', 'Declined']);
  });

  it('names the ends that are not the buyer’s', () => {
    expect(failureReasonOfState(TRADE_OFFER_STATES.Canceled)).toBe('cancelled');
    expect(failureReasonOfState(TRADE_OFFER_STATES.CanceledBySecondFactor)).toBe('cancelled');
    expect(failureReasonOfState(TRADE_OFFER_STATES.InvalidItems)).toBe('invalid_items');
    expect(failureReasonOfState(TRADE_OFFER_STATES.Invalid)).toBe('other');
    expect(failureReasonOfState(null)).toBe('other');
  });
});
