/**
 * React access to the cart store: `useCart()` re-renders on every cart change, and `useAddToCart()`
 * adds with its 300 ms pending state per item and the 'Already in Cart' refusal.
 */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { CART_ADD_DELAY_MS } from '../../../shared/constants';
import type { MarketItem } from '../../../shared/schemas/market';
import { toaster } from '../components/toaster';
import { cartStore } from './cartStore';

/** What HTML rendered by the server shows, and so what its hydration renders: the cart is the browser's. */
const NO_ITEMS: readonly MarketItem[] = [];
const serverSnapshot = () => NO_ITEMS;

export function useCart(): readonly MarketItem[] {
  return useSyncExternalStore(cartStore.subscribe, cartStore.getSnapshot, serverSnapshot);
}

/**
 * Every cart toast shares this id, so quick adds replace one another instead of queueing behind the
 * single visible toast (and holding back the purchase's answer).
 */
export const CART_TOAST_ID = 'cart';

export function alreadyInCartMessage(name: string): string {
  return `${name} is already in your cart`;
}

/**
 * `add(item)` waits CART_ADD_DELAY_MS with the item marked pending (its button shows a spinner),
 * then puts it in the cart. An item already in the cart (or already pending) is refused with
 * 'Already in Cart' and '{name} is already in your cart'.
 */
export function useAddToCart() {
  const [pending, setPending] = useState<ReadonlySet<string>>(() => new Set());
  const pendingRef = useRef(new Set<string>());
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const active = timers.current;
    return () => {
      for (const timer of active) clearTimeout(timer);
    };
  }, []);

  const add = useCallback((item: MarketItem) => {
    if (cartStore.has(item.id) || pendingRef.current.has(item.id)) {
      toaster.create({ id: CART_TOAST_ID, type: 'error', title: 'Already in Cart', description: alreadyInCartMessage(item.name) });
      return;
    }
    pendingRef.current.add(item.id);
    setPending(new Set(pendingRef.current));
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      pendingRef.current.delete(item.id);
      setPending(new Set(pendingRef.current));
      if (cartStore.add(item) === 'added') {
        toaster.create({ id: CART_TOAST_ID, type: 'success', title: 'Added to Cart', description: item.name, duration: 2500 });
      } else {
        toaster.create({ id: CART_TOAST_ID, type: 'error', title: 'Already in Cart', description: alreadyInCartMessage(item.name) });
      }
    }, CART_ADD_DELAY_MS);
    timers.current.add(timer);
  }, []);

  const isPending = useCallback((id: string) => pending.has(id), [pending]);

  return { add, isPending };
}
