import { describe, expect, it } from 'vitest';
import type { Page } from '../../../shared/schemas/page';
import { itemsOf, mapPagedItems, pagePath, type PagedList } from './pagedLists';

const data: PagedList<Page<{ id: string; n: number }>> = {
  pages: [
    { items: [{ id: 'c', n: 3 }, { id: 'b', n: 2 }], nextCursor: 'after-b' },
    { items: [{ id: 'a', n: 1 }], nextCursor: null },
  ],
  pageParams: [null, 'after-b'],
};

describe('paged lists', () => {
  it('read every loaded row in order', () => {
    expect(itemsOf(data)?.map((row) => row.id)).toEqual(['c', 'b', 'a']);
    expect(itemsOf(undefined)).toBeUndefined();
  });

  it('change a row in whichever page holds it, the cursors untouched', () => {
    const changed = mapPagedItems(data, (row) => (row.id === 'a' ? { ...row, n: 10 } : row));
    expect(changed?.pages.map((page) => page.items.map((row) => row.n))).toEqual([[3, 2], [10]]);
    expect(changed?.pages.map((page) => page.nextCursor)).toEqual(['after-b', null]);
    expect(changed?.pageParams).toEqual([null, 'after-b']);
    expect(data.pages[1]?.items[0]?.n).toBe(1);
    expect(mapPagedItems(undefined, (row) => row)).toBeUndefined();
  });

  it('address a page by its limit and the cursor it follows', () => {
    expect(pagePath('/api/listings', 24)).toBe('/api/listings?limit=24');
    expect(pagePath('/api/listings', 24, null)).toBe('/api/listings?limit=24');
    expect(pagePath('/api/orders', 20, 'eyJhdCI6IjIwMjYifQ')).toBe('/api/orders?limit=20&cursor=eyJhdCI6IjIwMjYifQ');
  });
});
