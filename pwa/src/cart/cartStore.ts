/**
 * The buyer's cart (whole market items, kept in localStorage): a small
 * external store over localStorage key `market-cart`, read by React through `useSyncExternalStore`
 * (see useCart.ts). It lives outside React so the market's cart popover, the detail dialog and the
 * purchase flow share one copy, and other tabs see changes through the `storage` event.
 *
 * What is stored is untrusted on the way back in (an older app version, a hand edit): entries that
 * are not market items with an id, a name and a two-decimal price are dropped when read.
 */
import { STORAGE_KEYS } from '../../../shared/constants';
import { parseMoney } from '../../../shared/money';
import type { MarketItem } from '../../../shared/schemas/market';

/** The part of Web Storage the cart uses; tests pass an in-memory one. */
export type CartStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type AddToCartResult = 'added' | 'already_in_cart';

export interface CartStore {
  /** The items in the order they were added; the same array until the cart changes. */
  getSnapshot(): readonly MarketItem[];
  subscribe(listener: () => void): () => void;
  has(id: string): boolean;
  /** Adds the item unless an item with its id is already in the cart. */
  add(item: MarketItem): AddToCartResult;
  remove(id: string): void;
  /** Removes every item whose id is listed (items sold meanwhile); returns the removed items. */
  removeMany(ids: readonly string[]): MarketItem[];
  clear(): void;
  /** Re-reads storage (another tab wrote it) and notifies subscribers. */
  reload(): void;
}

function isCartItem(value: unknown): value is MarketItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Partial<Record<keyof MarketItem, unknown>>;
  return (
    typeof item.id === 'string' &&
    item.id.length > 0 &&
    typeof item.name === 'string' &&
    typeof item.price === 'string' &&
    parseMoney(item.price) !== null
  );
}

/** Parses the stored JSON; anything unreadable counts as an empty cart, duplicates are dropped. */
export function parseStoredCart(raw: string | null): MarketItem[] {
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const seen = new Set<string>();
  const items: MarketItem[] = [];
  for (const entry of parsed) {
    if (!isCartItem(entry) || seen.has(entry.id)) continue;
    seen.add(entry.id);
    items.push(entry);
  }
  return items;
}

/** The cart's total in cents: the exact sum of the items' two-decimal prices, never a float. */
export function cartTotalCents(items: readonly MarketItem[]): bigint {
  return items.reduce((sum, item) => sum + (parseMoney(item.price) ?? 0n), 0n);
}

export function createCartStore(storage: CartStorage | null, key: string = STORAGE_KEYS.cart): CartStore {
  const listeners = new Set<() => void>();

  function read(): MarketItem[] {
    try {
      return parseStoredCart(storage?.getItem(key) ?? null);
    } catch {
      // Storage can be blocked (privacy settings): the cart then lives for this page only.
      return [];
    }
  }

  let items: readonly MarketItem[] = read();

  function commit(next: readonly MarketItem[]) {
    items = next;
    try {
      if (next.length === 0) storage?.removeItem(key);
      else storage?.setItem(key, JSON.stringify(next));
    } catch {
      // Quota or blocked storage: keep the in-memory cart rather than failing the click.
    }
    for (const listener of listeners) listener();
  }

  return {
    getSnapshot: () => items,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    has: (id) => items.some((item) => item.id === id),
    add(item) {
      if (items.some((entry) => entry.id === item.id)) return 'already_in_cart';
      commit([...items, item]);
      return 'added';
    },
    remove(id) {
      if (!items.some((item) => item.id === id)) return;
      commit(items.filter((item) => item.id !== id));
    },
    removeMany(ids) {
      const gone = new Set(ids);
      const removed = items.filter((item) => gone.has(item.id));
      if (removed.length > 0) commit(items.filter((item) => !gone.has(item.id)));
      return removed;
    },
    clear() {
      if (items.length > 0) commit([]);
    },
    reload() {
      items = read();
      for (const listener of listeners) listener();
    },
  };
}

function browserStorage(): CartStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The app's one cart. */
export const cartStore = createCartStore(browserStorage());

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEYS.cart || event.key === null) cartStore.reload();
  });
}
