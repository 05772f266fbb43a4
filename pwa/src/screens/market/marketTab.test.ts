import { describe, expect, it } from 'vitest';
import { marketTabFor } from './marketTab';

describe('marketTabFor', () => {
  it('shows Buy on /market and /market/', () => {
    expect(marketTabFor('buy', '')).toBe('buy');
    expect(marketTabFor('buy', '#top')).toBe('buy');
  });

  it('shows Sell on /market/sell and on the mobile menu\'s /market#sell', () => {
    expect(marketTabFor('sell', '')).toBe('sell');
    expect(marketTabFor('buy', '#sell')).toBe('sell');
  });
});
