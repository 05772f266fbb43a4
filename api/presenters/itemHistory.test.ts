/** An item's history and sales as answered: bigint cents from SQL become two-decimal strings, null stays null. */
import { describe, expect, it } from 'vitest';
import { priceHistoryAnswer, recentSalesAnswer } from '../../shared/answers/items';
import { parseAnswer } from '../../shared/answers/z';
import { presentPriceHistory, presentRecentSales } from './itemHistory';

describe('presentPriceHistory', () => {
  it('writes every amount with two decimals, exactly, up to the largest price', () => {
    const answer = presentPriceHistory('AWP | Asiimov (Field-Tested)', {
      points: [{ date: '2026-11-01', median: '1003', low: '1', high: '10000000', volume: 4 }],
      period: { median: '1003', low: '1', high: '10000000', volume: 4 },
      last_sale: '9007199254740993',
      lowest_listing: null,
      highest_buy_order: null,
    });
    expect(answer).toEqual({
      marketHashName: 'AWP | Asiimov (Field-Tested)',
      points: [{ date: '2026-11-01', median: '10.03', low: '0.01', high: '100000.00', volume: 4 }],
      period: { median: '10.03', low: '0.01', high: '100000.00', volume: 4 },
      // Past 2^53: exact, as no number ever holds it.
      lastSale: '90071992547409.93',
      lowestListing: null,
      highestBuyOrder: null,
    });
    expect(parseAnswer(priceHistoryAnswer, answer).ok).toBe(true);
  });

  it('answers null for the figures of a period without sales, and the best bid', () => {
    const answer = presentPriceHistory('x', { points: [], period: { median: null, low: null, high: null, volume: 0 }, last_sale: null, lowest_listing: '1', highest_buy_order: '1234' });
    expect(answer.period).toEqual({ median: null, low: null, high: null, volume: 0 });
    expect(answer.lowestListing).toBe('0.01');
    expect(answer.highestBuyOrder).toBe('12.34');
  });
});

describe('presentRecentSales', () => {
  it('answers price, float and time of each sale', () => {
    const answer = presentRecentSales([
      { price: '1234', float: 0.15, sold_at: new Date('2026-11-02T10:00:00.000Z') },
      { price: '5', float: null, sold_at: new Date('2026-11-01T09:00:00.000Z') },
    ]);
    expect(answer).toEqual({
      sales: [
        { price: '12.34', float: 0.15, soldAt: '2026-11-02T10:00:00.000Z' },
        { price: '0.05', float: null, soldAt: '2026-11-01T09:00:00.000Z' },
      ],
    });
    expect(parseAnswer(recentSalesAnswer, answer).ok).toBe(true);
  });
});
