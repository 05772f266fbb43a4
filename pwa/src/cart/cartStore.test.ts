import { describe, expect, it, vi } from 'vitest';
import type { MarketItem } from '../../../shared/schemas/market';
import { testMarketItem } from '../testing/marketItem';
import { cartTotalCents, createCartStore, parseStoredCart, type CartStorage } from './cartStore';

function memoryStorage(initial: Record<string, string> = {}): CartStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

function item(id: string, price: string, name = `Item ${id}`): MarketItem {
  return testMarketItem({ id, price, name });
}

describe('cart store', () => {
  it('keeps items in localStorage under market-cart', () => {
    const storage = memoryStorage();
    const cart = createCartStore(storage);
    expect(cart.add(item('a', '1.00'))).toBe('added');
    expect(JSON.parse(storage.data.get('market-cart') ?? '[]')).toHaveLength(1);

    const reopened = createCartStore(storage);
    expect(reopened.getSnapshot().map((entry) => entry.id)).toEqual(['a']);
  });

  it('refuses an item that is already in the cart', () => {
    const cart = createCartStore(memoryStorage());
    cart.add(item('a', '1.00'));
    expect(cart.add(item('a', '1.00'))).toBe('already_in_cart');
    expect(cart.getSnapshot()).toHaveLength(1);
  });

  it('removes one item, several items, or all of them and tells subscribers', () => {
    const storage = memoryStorage();
    const cart = createCartStore(storage);
    const listener = vi.fn();
    cart.subscribe(listener);
    for (const id of ['a', 'b', 'c', 'd']) cart.add(item(id, '1.00'));
    cart.remove('b');
    expect(cart.getSnapshot().map((entry) => entry.id)).toEqual(['a', 'c', 'd']);

    const removed = cart.removeMany(['c', 'x']);
    expect(removed.map((entry) => entry.id)).toEqual(['c']);
    expect(cart.getSnapshot().map((entry) => entry.id)).toEqual(['a', 'd']);

    cart.clear();
    expect(cart.getSnapshot()).toEqual([]);
    expect(storage.data.has('market-cart')).toBe(false);
    expect(listener).toHaveBeenCalledTimes(7);
  });

  it('returns the same snapshot until the cart changes (useSyncExternalStore needs that)', () => {
    const cart = createCartStore(memoryStorage());
    const before = cart.getSnapshot();
    cart.remove('missing');
    expect(cart.getSnapshot()).toBe(before);
    cart.add(item('a', '1.00'));
    expect(cart.getSnapshot()).not.toBe(before);
  });

  it('picks up what another tab stored on reload', () => {
    const storage = memoryStorage();
    const cart = createCartStore(storage);
    storage.setItem('market-cart', JSON.stringify([item('z', '3.00')]));
    cart.reload();
    expect(cart.has('z')).toBe(true);
  });

  it('keeps working in memory when storage throws', () => {
    const broken: CartStorage = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    };
    const cart = createCartStore(broken);
    expect(cart.add(item('a', '1.00'))).toBe('added');
    expect(cart.getSnapshot()).toHaveLength(1);
  });
});

describe('parseStoredCart', () => {
  it('drops unreadable data, entries that are not market items, and duplicates', () => {
    expect(parseStoredCart(null)).toEqual([]);
    expect(parseStoredCart('not json')).toEqual([]);
    expect(parseStoredCart('{"id":"a"}')).toEqual([]);
    const stored = JSON.stringify([
      item('a', '1.00'),
      { id: 'b', name: 'No price' },
      { ...item('c', '1.00'), price: 1 },
      { ...item('d', '1.00'), price: '1.005' },
      item('a', '2.00'),
      null,
    ]);
    expect(parseStoredCart(stored).map((entry) => entry.id)).toEqual(['a']);
  });
});

describe('cartTotalCents', () => {
  it('adds prices exactly in cents', () => {
    // 0.10 + 0.20 is 0.30000000000000004 in floating point; in cents it is exactly 30.
    expect(cartTotalCents([item('a', '0.10'), item('b', '0.20')])).toBe(30n);
    expect(cartTotalCents([item('a', '1234.56'), item('b', '0.44'), item('c', '99999.99')])).toBe(10_123_499n);
    expect(cartTotalCents([])).toBe(0n);
  });
});
