import { describe, expect, it } from 'vitest';
import {
  canCancelListing,
  cancelReasonText,
  holdProgress,
  listingAmounts,
  listingStatusBadge,
  nextHoldEnd,
  summaryFigures,
  weaponOf,
} from './listingView';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const start = Date.parse('2026-01-01T00:00:00.000Z');
/** A 7-day hold from `start`. */
const hold = { holdStartTime: new Date(start).toISOString(), holdEndTime: new Date(start + 7 * DAY).toISOString() };

describe('listingStatusBadge', () => {
  it('names and colours each status, On Sale for active', () => {
    expect(listingStatusBadge('holding')).toEqual({ label: 'Trade Protection Hold', palette: 'yellow' });
    expect(listingStatusBadge('active')).toEqual({ label: 'On Sale', palette: 'purple' });
    expect(listingStatusBadge('payment_pending')).toEqual({ label: 'Payment Processing', palette: 'blue' });
    expect(listingStatusBadge('completed')).toEqual({ label: 'Completed', palette: 'green' });
    expect(listingStatusBadge('cancelled')).toEqual({ label: 'Cancelled', palette: 'red' });
  });

  it('shows anything else as Unknown in grey, including object property names', () => {
    for (const status of ['sold', '', 'toString', 'constructor', 'HOLDING']) {
      expect(listingStatusBadge(status)).toEqual({ label: 'Unknown', palette: 'gray' });
    }
  });
});

describe('canCancelListing', () => {
  it('allows only unsold listings in the hold or on sale', () => {
    expect(canCancelListing({ status: 'holding', sold: false })).toBe(true);
    expect(canCancelListing({ status: 'active', sold: false })).toBe(true);
    expect(canCancelListing({ status: 'holding', sold: true })).toBe(false);
    expect(canCancelListing({ status: 'payment_pending', sold: true })).toBe(false);
    expect(canCancelListing({ status: 'completed', sold: true })).toBe(false);
    expect(canCancelListing({ status: 'cancelled', sold: false })).toBe(false);
  });
});

describe('listingAmounts', () => {
  it("shows the server's amounts in dollars, the fee as a deduction", () => {
    expect(listingAmounts({ sellPrice: '1234.50', platformFee: '37.04', finalAmount: '1197.46' })).toEqual({
      sellPrice: '$1,234.50',
      platformFee: '-$37.04',
      finalAmount: '$1,197.46',
    });
    expect(listingAmounts({ sellPrice: '0.01', platformFee: '0.00', finalAmount: '0.01' }).platformFee).toBe('-$0.00');
  });

  it('shows an unreadable amount as a dash', () => {
    expect(listingAmounts({ sellPrice: 'x', platformFee: '', finalAmount: '1.00' })).toEqual({
      sellPrice: '—',
      platformFee: '—',
      finalAmount: '$1.00',
    });
  });
});

describe('holdProgress', () => {
  it('counts down as Xd Yh Zm, Yh Zm or Zm while the percent grows', () => {
    expect(holdProgress(hold, start)).toEqual({ remaining: '7d 0h 0m', percent: 0 });
    expect(holdProgress(hold, start + 2 * DAY + 3 * HOUR + 30 * MINUTE + 59_000)).toEqual({ remaining: '4d 20h 29m', percent: 30 });
    expect(holdProgress(hold, start + 7 * DAY - 5 * HOUR - 1 * MINUTE)).toEqual({ remaining: '5h 1m', percent: 97 });
    expect(holdProgress(hold, start + 7 * DAY - 12 * MINUTE)).toEqual({ remaining: '12m', percent: 99 });
  });

  it('hides the countdown once the end has passed and caps the progress at 100', () => {
    expect(holdProgress(hold, start + 7 * DAY)).toEqual({ remaining: null, percent: 100 });
    expect(holdProgress(hold, start + 30 * DAY)).toEqual({ remaining: null, percent: 100 });
  });

  it('never goes below 0 when the clock is behind the hold start', () => {
    expect(holdProgress(hold, start - HOUR).percent).toBe(0);
  });
});

describe('nextHoldEnd', () => {
  it('is the earliest future end among holding listings', () => {
    const at = (days: number) => new Date(start + days * DAY).toISOString();
    const listings = [
      { status: 'holding', holdEndTime: at(5) },
      { status: 'holding', holdEndTime: at(3) },
      { status: 'active', holdEndTime: at(2) },
      { status: 'holding', holdEndTime: at(1) },
    ] as const;
    expect(nextHoldEnd(listings, start + 2 * DAY)).toBe(start + 3 * DAY);
    expect(nextHoldEnd(listings, start + 6 * DAY)).toBeNull();
    expect(nextHoldEnd([], start)).toBeNull();
  });
});

describe('cancelReasonText', () => {
  it('says who cancelled', () => {
    expect(cancelReasonText('seller')).toMatch(/^You cancelled this listing/);
    expect(cancelReasonText('trade_reversed')).toMatch(/trade was reversed/);
    expect(cancelReasonText('item_lost')).toMatch(/^Our trade bot no longer holds this item/);
    expect(cancelReasonText(null)).toBe('This listing is no longer on sale.');
  });
});

describe('weaponOf', () => {
  it('takes the weapon from the market name', () => {
    expect(weaponOf('AK-47 | Redline (Field-Tested)')).toBe('AK-47');
    expect(weaponOf('StatTrak™ M4A1-S | Hyper Beast (Minimal Wear)')).toBe('M4A1-S');
    expect(weaponOf('★ StatTrak™ Karambit | Doppler (Factory New)')).toBe('Karambit');
    expect(weaponOf('Souvenir AWP | Dragon Lore (Field-Tested)')).toBe('AWP');
    expect(weaponOf('★ Bayonet')).toBe('Bayonet');
  });
});

describe('summaryFigures', () => {
  it("shows the server's summary as a count and dollar amounts", () => {
    expect(summaryFigures({ onSale: 1234, awaitingPayout: '0.30', earned: '1000.03' })).toEqual({ onSale: '1,234', awaitingPayout: '$0.30', earned: '$1,000.03' });
    expect(summaryFigures({ onSale: 0, awaitingPayout: '0.00', earned: '0.00' })).toEqual({ onSale: '0', awaitingPayout: '$0.00', earned: '$0.00' });
  });
});
