import { describe, expect, it } from 'vitest';
import { deliveryText } from './delivery';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('deliveryText', () => {
  const tradableAt = '2026-11-25T23:30:00.000Z';
  const before = Date.parse(tradableAt) - DAY_MS;

  it('names the day the trade protection ends, in the time zone given', () => {
    expect(deliveryText(tradableAt, { now: before, timeZone: 'UTC' })).toBe('Sends after Nov 25, 2026');
    // Half past midnight the next day in Berlin: the day a browser there shows.
    expect(deliveryText(tradableAt, { now: before, timeZone: 'Europe/Berlin' })).toBe('Sends after Nov 26, 2026');
    expect(deliveryText(tradableAt, { now: before, timeZone: 'UTC', long: true })).toBe('After trade protection ends (Nov 25, 2026)');
  });

  it("is 'Ready to send' from the moment given on, and for a date it cannot read", () => {
    expect(deliveryText(tradableAt, { now: Date.parse(tradableAt), timeZone: 'UTC' })).toBe('Ready to send');
    expect(deliveryText('not a date', { now: before })).toBe('Ready to send');
  });
});
