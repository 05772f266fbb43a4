/**
 * The PWA's IndexedDB database (Dexie), shared by the pages and the service worker
 * (docs/adr/0044-offline-copies.md). What is stored where, and why:
 *
 * - `user`: the last signed-in user (one row, keyed by steamId), so the app knows who it is offline.
 * - `inventory`, `listings`, `orders`, `paymentMethods`, `watchlist`: that user's last answers of
 *   the matching API reads, one row per item with `userId` and the server's `position`, so a screen
 *   shows the list in the server's order with the network off. Listings, orders and the watchlist
 *   are paged: every page loaded so far is kept, in order. Payment methods are the API's masked
 *   copies.
 * - `meta`: per dataset, whose it is and when it was last loaded ('Offline: last updated …'), plus
 *   the inventory's `private`/`fetchedAt` and the listings' summary.
 * - `outbox`: edits made offline (profile, payment-method add/delete) waiting to be sent, in order,
 *   each with its Idempotency-Key (see outbox.ts). A queued payment method holds its details
 *   unmasked until sent: they must reach the server. Logout clears it.
 * - `notices`: what the replay has to tell the user (why a queued edit was refused), kept until a
 *   page has shown it, since the service worker may replay with no page open.
 *
 * Every table holds the user's own data: logout clears them all (clearUserData). A different user
 * signing in wipes the previous user's cached data; the outbox keeps other users' entries, but
 * they are never shown or replayed for anyone else (every outbox read filters by userId).
 *
 * Schema changes add a new `this.version(n)` below the old ones (never edit a shipped version).
 */
import Dexie, { type EntityTable } from 'dexie';
import type { InventoryItem } from '../../../shared/schemas/inventory';
import type { Listing, ListingsSummary, Order } from '../../../shared/schemas/market';
import type { CurrentUser, ProfileUpdate } from '../../../shared/schemas/user';
import type { PaymentMethod, PaymentMethodBody } from '../../../shared/schemas/wallet';
import type { Watch } from '../../../shared/schemas/watchlist';

export const DB_NAME = 'skinmarket';

/** The cached API reads. */
export type Dataset = 'user' | 'inventory' | 'listings' | 'orders' | 'paymentMethods' | 'watchlist';

/** Whose a cached row is and where it stood in the server's answer. */
interface Owned {
  userId: string;
  position: number;
}

export type StoredUser = CurrentUser;
export type StoredInventoryItem = InventoryItem & Owned;
export type StoredListing = Listing & Owned;
export type StoredOrder = Order & Owned;
export type StoredPaymentMethod = PaymentMethod & Owned;
export type StoredWatch = Watch & Owned;

export interface DatasetMeta {
  dataset: Dataset;
  userId: string;
  /** When the data was last loaded from the server (ms since the epoch). */
  updatedAt: number;
  /** The inventory answer's fields besides its items. */
  inventory?: { private: boolean; fetchedAt: string };
  /** The first listings page's summary of all the seller's listings. */
  listingsSummary?: ListingsSummary | null;
}

/** What a queued edit does. */
export type OutboxOperation =
  | {
      kind: 'profile';
      update: ProfileUpdate;
      /** The profile `version` the edit was based on (If-Match). */
      baseVersion: number;
    }
  | { kind: 'payment-method-add'; body: PaymentMethodBody }
  | { kind: 'payment-method-delete'; paymentMethodId: string };

export interface OutboxEntry {
  /** Queue order (auto-incremented). */
  seq?: number;
  /** steamId of the user who made the edit; only that user's session replays it. */
  userId: string;
  /** Sent on every replay of this entry, so the server applies it at most once. */
  idempotencyKey: string;
  createdAt: number;
  op: OutboxOperation;
  /** `conflict`: the server refused a profile edit as stale (412); waits for the user's choice. */
  status: 'pending' | 'conflict';
  /** Sends that ended without a definitive answer (network error, 5xx). */
  attempts: number;
  /** Not retried before this time (backoff); 0 = at once. */
  nextAttemptAt: number;
  /** The server's newer profile, for the conflict dialog. */
  serverUser?: CurrentUser;
}

export interface SyncNotice {
  id?: number;
  userId: string;
  title: string;
  description: string;
  createdAt: number;
}

export class AppDB extends Dexie {
  user!: EntityTable<StoredUser, 'steamId'>;
  inventory!: EntityTable<StoredInventoryItem, 'assetid'>;
  listings!: EntityTable<StoredListing, 'id'>;
  orders!: EntityTable<StoredOrder, 'id'>;
  paymentMethods!: EntityTable<StoredPaymentMethod, 'id'>;
  watchlist!: EntityTable<StoredWatch, 'id'>;
  meta!: EntityTable<DatasetMeta, 'dataset'>;
  outbox!: EntityTable<OutboxEntry, 'seq'>;
  notices!: EntityTable<SyncNotice, 'id'>;

  constructor(name = DB_NAME) {
    super(name);
    this.version(1).stores({
      user: '&steamId',
      inventory: '&assetid, userId',
      listings: '&id, userId',
      orders: '&id, userId',
      paymentMethods: '&id, userId',
      meta: '&dataset',
      outbox: '++seq, userId',
      notices: '++id, userId',
    });
    this.version(2).stores({ watchlist: '&id, userId' });
  }

  /** The cached data tables (not the outbox and notices, which carry work and messages). */
  cacheTables() {
    return [this.user, this.inventory, this.listings, this.orders, this.paymentMethods, this.watchlist, this.meta];
  }

  /** Every table holding user data. */
  userTables() {
    return [...this.cacheTables(), this.outbox, this.notices];
  }
}

/** The one database of this origin (pages and the service worker open the same one). */
export const db = new AppDB();

/** Logout: nothing of the user stays on the device. */
export async function clearUserData(database: AppDB = db): Promise<void> {
  await database.transaction('rw', database.userTables(), async () => {
    await Promise.all(database.userTables().map((table) => table.clear()));
  });
}
