import { describe, expect, it } from 'vitest';
import { axisDate, axisPrice, chartSeries, historySummary, timeAgo } from './priceHistory';

describe('historySummary', () => {
  it("says the period's median, range and sales in the API's amounts", () => {
    expect(historySummary({ median: '12.34', low: '10.00', high: '1500.00', volume: 42 }, 30)).toBe('Median $12.34 over 30 days, from $10.00 to $1,500.00, 42 sales');
    expect(historySummary({ median: '0.05', low: '0.05', high: '0.05', volume: 1 }, 365)).toBe('Median $0.05 over 1 year, from $0.05 to $0.05, 1 sale');
  });

  it('says when the period had no sales', () => {
    expect(historySummary({ median: null, low: null, high: null, volume: 0 }, 7)).toBe('No sales in the last 7 days');
  });
});

describe('chartSeries', () => {
  it("places each day at its UTC midnight, with high, low and median in whole cents", () => {
    const points = [
      { date: '2026-11-01', median: '10.03', low: '0.01', high: '100000.00', volume: 4 },
      { date: '2026-11-03', median: '5.00', low: '5.00', high: '5.00', volume: 1 },
    ];
    expect(chartSeries(points)).toEqual([
      [Date.UTC(2026, 10, 1) / 1000, Date.UTC(2026, 10, 3) / 1000],
      [10_000_000, 500],
      [1, 500],
      [1003, 500],
    ]);
  });
});

describe('axis labels', () => {
  it('write a price of the scale to the cent, and a day without its year', () => {
    expect(axisPrice(1250)).toBe('$12.50');
    expect(axisPrice(1249.6)).toBe('$12.50');
    expect(axisPrice(123_456_700)).toBe('$1,234,567.00');
    expect(axisDate(Date.UTC(2026, 10, 22) / 1000)).toBe('Nov 22');
  });
});

describe('timeAgo', () => {
  const now = Date.parse('2026-11-27T12:00:00.000Z');
  it.each([
    ['2026-11-27T11:59:30.000Z', 'just now'],
    ['2026-11-27T12:00:05.000Z', 'just now'],
    ['2026-11-27T11:59:00.000Z', '1 minute ago'],
    ['2026-11-27T11:01:00.000Z', '59 minutes ago'],
    ['2026-11-27T11:00:00.000Z', '1 hour ago'],
    ['2026-11-26T12:00:01.000Z', '23 hours ago'],
    ['2026-11-26T12:00:00.000Z', '1 day ago'],
    ['2026-10-28T12:00:01.000Z', '29 days ago'],
  ])('%s is %s', (iso, expected) => {
    expect(timeAgo(iso, now)).toBe(expected);
  });

  it('writes the date from 30 days on', () => {
    expect(timeAgo('2026-10-28T12:00:00.000Z', now)).toMatch(/^Oct 2[78], 2026$/);
  });
});
