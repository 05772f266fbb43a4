import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Listing, ListingsPage, Order } from '../../../shared/schemas/market';
import type { CurrentUser } from '../../../shared/schemas/user';
import type { Watch } from '../../../shared/schemas/watchlist';
import type { PagedList } from '../queries/pagedLists';
import { loadDataset, loadUser, saveDataset, saveUser } from './cachedData';
import { AppDB, clearUserData } from './db';
import { enqueue, entriesOf } from './outbox';

function user(steamId: string): CurrentUser {
  return {
    steamId,
    username: `user-${steamId}`,
    displayName: 'Some One',
    email: 'someone@example.com',
    tradeUrl: '',
    avatar: '',
    profileUrl: '',
    balance: '1.00',
    depositReference: 'SM-1',
    version: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

function listing(id: string, status: Listing['status'] = 'holding'): Listing {
  return {
    id,
    name: `Item ${id}`,
    condition: null,
    rarity: 'covert',
    imageUrl: '',
    statTrak: false,
    souvenir: false,
    float: null,
    paintSeed: null,
    sellPrice: '1.00',
    platformFee: '0.03',
    finalAmount: '0.97',
    status,
    sold: false,
    holdStartTime: '2026-01-01T00:00:00.000Z',
    holdEndTime: '2026-01-08T00:00:00.000Z',
    createdAt: '2026-01-01T00:00:00.000Z',
    cancelReason: null,
  };
}

const summary = { onSale: 3, awaitingPayout: '0.00', earned: '1.94' };

/** useInfiniteQuery's data for pages of listings, the first with the summary. */
function pages(...lists: Listing[][]): PagedList<ListingsPage> {
  return {
    pages: lists.map((items, index) => ({ items, nextCursor: `after-${index}`, summary: index === 0 ? summary : null })),
    pageParams: lists.map((_, index) => (index === 0 ? null : `after-${index - 1}`)),
  };
}

let database: AppDB;

beforeEach(async () => {
  database = new AppDB(`cached-data-test-${Math.random()}`);
  await database.open();
});

afterEach(async () => {
  await database.delete();
});

describe('offline copies', () => {
  it("give back every page loaded, in the server's order, as one last page with the summary and when it was loaded", async () => {
    await saveUser(user('1'), { database, now: 100 });
    await saveDataset('listings', '1', pages([listing('b'), listing('a')], [listing('d'), listing('c')], [listing('e')]), { database, now: 200 });

    const copy = await loadDataset('listings', database);
    expect(copy?.updatedAt).toBe(200);
    expect(copy?.data.pageParams).toEqual([null]);
    expect(copy?.data.pages).toHaveLength(1);
    expect(copy?.data.pages[0]?.items.map((row) => row.id)).toEqual(['b', 'a', 'd', 'c', 'e']);
    expect(copy?.data.pages[0]?.items[0]).toEqual(listing('b'));
    // Offline nothing more can load: the copy ends where the loaded pages end.
    expect(copy?.data.pages[0]?.nextCursor).toBeNull();
    expect(copy?.data.pages[0]?.summary).toEqual(summary);
  });

  it('keep every page of orders loaded, each order with its items', async () => {
    const order = (id: string): Order => ({ id, total: '1.00', createdAt: '2026-01-01T00:00:00.000Z', items: [] });
    await saveUser(user('1'), { database });
    await saveDataset(
      'orders',
      '1',
      { pages: [{ items: [order('o2'), order('o1')], nextCursor: 'x' }, { items: [order('o0')], nextCursor: null }], pageParams: [null, 'x'] },
      { database },
    );

    expect((await loadDataset('orders', database))?.data).toEqual({ pages: [{ items: [order('o2'), order('o1'), order('o0')], nextCursor: null }], pageParams: [null] });
  });

  it('keep every page of the watchlist loaded, and clear it with the rest at logout', async () => {
    const watch = (id: string): Watch => ({
      id,
      marketHashName: `AK-47 | Redline ${id} (Field-Tested)`,
      name: `AK-47 | Redline ${id}`,
      imageUrl: '',
      maxPrice: id === 'w1' ? '12.34' : null,
      lowestListing: null,
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    await saveUser(user('1'), { database });
    await saveDataset('watchlist', '1', { pages: [{ items: [watch('w2'), watch('w1')], nextCursor: 'x' }, { items: [watch('w0')], nextCursor: null }], pageParams: [null, 'x'] }, { database });

    expect((await loadDataset('watchlist', database))?.data).toEqual({ pages: [{ items: [watch('w2'), watch('w1'), watch('w0')], nextCursor: null }], pageParams: [null] });
    await clearUserData(database);
    expect(await database.watchlist.count()).toBe(0);
  });

  it('replace a dataset whole, so rows the server dropped do not live on', async () => {
    await saveUser(user('1'), { database });
    await saveDataset('listings', '1', pages([listing('a'), listing('b')], [listing('c')]), { database });
    await saveDataset('listings', '1', pages([listing('b', 'cancelled')]), { database });

    expect((await loadDataset('listings', database))?.data.pages[0]?.items).toEqual([listing('b', 'cancelled')]);
  });

  it("a different user signing in never sees the previous user's data; their queued edits stay theirs", async () => {
    await saveUser(user('1'), { database });
    await saveDataset('listings', '1', pages([listing('a')]), { database });
    await enqueue('1', { kind: 'payment-method-delete', paymentMethodId: 'pm' }, 'k', { database });

    await saveUser(user('2'), { database });

    expect((await loadUser(database))?.steamId).toBe('2');
    expect(await loadDataset('listings', database)).toBeNull();
    expect(await database.listings.count()).toBe(0);
    expect(await entriesOf('2', database)).toEqual([]);
    expect(await entriesOf('1', database)).toHaveLength(1);

    // A late answer for the previous user is not stored.
    await saveDataset('listings', '1', pages([listing('late')]), { database });
    expect(await database.listings.count()).toBe(0);
  });

  it('logout leaves every table empty', async () => {
    await saveUser(user('1'), { database });
    await saveDataset('inventory', '1', { items: [], private: false, fetchedAt: '2026-01-01T00:00:00.000Z' }, { database });
    await enqueue('1', { kind: 'payment-method-delete', paymentMethodId: 'pm' }, 'k', { database });

    await clearUserData(database);

    for (const table of database.tables) expect(await table.count(), table.name).toBe(0);
  });
});
