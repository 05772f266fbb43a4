import { describe, expect, it } from 'vitest';
import { ACCOUNT_FROZEN_MESSAGE } from '../../../shared/constants';
import type { MarketItem } from '../../../shared/schemas/market';
import { ApiError } from '../api/client';
import { testMarketItem } from '../testing/marketItem';
import { joinNames, ownListingMessage, purchaseRefusal, unavailableMessage } from './purchaseOutcome';

function item(id: string, name: string): MarketItem {
  return testMarketItem({ id, name, condition: null, float: null, paintSeed: null });
}

const cart = [item('a', 'AK-47 | Redline'), item('b', 'AWP | Asiimov'), item('c', 'M4A4 | Howl')];

describe('purchaseRefusal', () => {
  it('reads 402 as insufficient balance', () => {
    const error = new ApiError(402, 'Not enough balance - top up your balance to purchase', { code: 'insufficient_balance' });
    expect(purchaseRefusal(error, cart)).toEqual({ kind: 'insufficient_balance' });
  });

  it('names the cart items a 409 lists as unavailable', () => {
    const error = new ApiError(409, 'Some items are no longer available', {
      code: 'listings_unavailable',
      fields: { c: 'No longer available', a: 'No longer available', zzz: 'No longer available' },
    });
    const refusal = purchaseRefusal(error, cart);
    expect(refusal.kind).toBe('unavailable');
    expect(refusal.kind === 'unavailable' && refusal.items.map((entry) => entry.id)).toEqual(['a', 'c']);
  });

  it('tells own listings apart from sold ones', () => {
    const error = new ApiError(409, 'You cannot buy your own listing: AWP | Asiimov', {
      code: 'own_listing',
      fields: { b: 'This is your own listing' },
    });
    const refusal = purchaseRefusal(error, cart);
    expect(refusal.kind).toBe('own_listing');
    expect(refusal.kind === 'own_listing' && refusal.items.map((entry) => entry.name)).toEqual(['AWP | Asiimov']);
    expect(ownListingMessage([cart[1]!])).toBe('AWP | Asiimov is your own listing and was removed from your cart. Nothing was charged.');
  });

  it("shows a frozen account the server's message", () => {
    const error = new ApiError(403, ACCOUNT_FROZEN_MESSAGE, { code: 'account_frozen' });
    expect(purchaseRefusal(error, cart)).toEqual({ kind: 'failed', message: ACCOUNT_FROZEN_MESSAGE });
  });

  it('treats a 409 that names no cart item as a plain failure', () => {
    const error = new ApiError(409, 'Conflict', { code: 'conflict' });
    expect(purchaseRefusal(error, cart)).toEqual({ kind: 'failed', message: 'Conflict' });
  });

  it('asks for a trade URL on trade_url_required', () => {
    const error = new ApiError(400, 'Save your trade URL first', { code: 'trade_url_required' });
    expect(purchaseRefusal(error, cart)).toEqual({ kind: 'trade_url_required' });
  });

  it("sends the buyer to their profile, with the server's reason, when Steam will not deliver to their trade URL", () => {
    const message = 'Steam will not deliver items to this trade URL: it has been replaced, or your account cannot trade.';
    const error = new ApiError(400, message, { code: 'trade_url_cannot_receive', fields: { tradeUrl: message } });
    expect(purchaseRefusal(error, cart)).toEqual({ kind: 'trade_url_cannot_receive', message });
  });

  it("shows the server's own message for a purchase restriction, a trade hold and Steam not answering", () => {
    for (const [status, code, message] of [
      [403, 'purchases_restricted', 'You cannot buy until March 12, 2027 at 2:06 PM UTC: 3 deliveries to you within 30 days were declined.'],
      [400, 'trade_url_trade_hold', 'Steam would hold items sent to you for 15 days because the Steam Guard Mobile Authenticator is not active.'],
      [503, 'steam_unavailable', 'Steam could not confirm that your trade URL can receive items right now. Please try again in a few minutes.'],
    ] as const) {
      expect(purchaseRefusal(new ApiError(status, message, { code, message }), cart)).toEqual({ kind: 'failed', message });
    }
  });

  it('reads 401 as signed out and a network failure as a failure to retry', () => {
    expect(purchaseRefusal(new ApiError(401, 'Sign in', {}), cart)).toEqual({ kind: 'signed_out' });
    expect(purchaseRefusal(new TypeError('Failed to fetch'), cart).kind).toBe('failed');
  });
});

describe('unavailableMessage', () => {
  it('names one or several items', () => {
    expect(unavailableMessage([cart[0]!])).toBe(
      'AK-47 | Redline is no longer available and was removed from your cart. Nothing was charged.',
    );
    expect(unavailableMessage(cart)).toBe(
      'AK-47 | Redline, AWP | Asiimov and M4A4 | Howl are no longer available and were removed from your cart. Nothing was charged.',
    );
  });

  it('joins names', () => {
    expect(joinNames([])).toBe('');
    expect(joinNames(['A', 'B'])).toBe('A and B');
  });
});
