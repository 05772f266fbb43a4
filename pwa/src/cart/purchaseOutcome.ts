/**
 * What a refused purchase means for the buyer (docs/adr/0036-purchases.md, 0042),
 * decided from the API's answer alone so the rules are testable without a browser:
 * - 401: signed out (the session ended) → 'Sign In Required';
 * - 402 / insufficient_balance → 'Insufficient Balance' with a Top Up action;
 * - 409 naming listings in `fields` → those items are gone (or, `own_listing`, are the buyer's own
 *   listings): they leave the cart;
 * - 400 trade_url_required → the buyer must save a trade URL first;
 * - 400 trade_url_cannot_receive → Steam will not deliver to the saved trade URL: the buyer must save
 *   their current one (the server's message says so);
 * - anything else (a purchase restriction, a Steam trade hold, Steam not answering …) → a generic
 *   failure with the server's message, which says what to do.
 */
import type { MarketItem } from '../../../shared/schemas/market';
import { ApiError } from '../api/client';

export const SIGN_IN_REQUIRED = { title: 'Sign In Required', description: 'Please sign in to make a purchase' } as const;
export const INSUFFICIENT_BALANCE = {
  title: 'Insufficient Balance',
  description: 'Not enough balance - top up your balance to purchase',
} as const;

export type PurchaseRefusal =
  | { kind: 'signed_out' }
  | { kind: 'insufficient_balance' }
  | { kind: 'unavailable'; items: MarketItem[] }
  | { kind: 'own_listing'; items: MarketItem[] }
  | { kind: 'trade_url_required' }
  | { kind: 'trade_url_cannot_receive'; message: string }
  | { kind: 'failed'; message: string };

export function purchaseRefusal(error: unknown, cart: readonly MarketItem[]): PurchaseRefusal {
  if (!(error instanceof ApiError)) {
    return { kind: 'failed', message: 'Could not reach the server. Check your connection and try again.' };
  }
  if (error.status === 401) return { kind: 'signed_out' };
  if (error.status === 402 || error.body.code === 'insufficient_balance') return { kind: 'insufficient_balance' };
  if (error.body.code === 'trade_url_required') return { kind: 'trade_url_required' };
  if (error.body.code === 'trade_url_cannot_receive') return { kind: 'trade_url_cannot_receive', message: error.detail };
  if (error.status === 409) {
    const named = new Set(Object.keys(error.body.fields ?? {}));
    const items = cart.filter((item) => named.has(item.id));
    if (items.length > 0) return { kind: error.body.code === 'own_listing' ? 'own_listing' : 'unavailable', items };
  }
  return { kind: 'failed', message: error.detail || 'The purchase could not be completed. Please try again.' };
}

/** "A", "A and B", "A, B and C". */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** The message naming the items that were sold meanwhile and left the cart. */
export function unavailableMessage(items: readonly Pick<MarketItem, 'name'>[]): string {
  const one = items.length === 1;
  return `${joinNames(items.map((item) => item.name))} ${one ? 'is' : 'are'} no longer available and ${
    one ? 'was' : 'were'
  } removed from your cart. Nothing was charged.`;
}

/** The message naming the buyer's own listings that left the cart. */
export function ownListingMessage(items: readonly Pick<MarketItem, 'name'>[]): string {
  const one = items.length === 1;
  return `${joinNames(items.map((item) => item.name))} ${one ? 'is your own listing and was' : 'are your own listings and were'} removed from your cart. Nothing was charged.`;
}
