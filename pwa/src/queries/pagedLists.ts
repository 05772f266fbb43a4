/**
 * The cached form of a keyset-paged list (GET /api/listings, /api/orders, /api/transactions):
 * useInfiniteQuery's data, the pages loaded so far, each `{items, nextCursor}`. Reading the rows
 * in order and changing one of them in place (an answer or a live event about one listing) are
 * kept apart from the query hooks, so the app's start (live events) needs none of those.
 */
import type { InfiniteData } from '@tanstack/react-query';
import type { Page } from '../../../shared/schemas/page';

/** The cursor each page was read after: null for the first. */
export type PageParam = string | null;

/** useInfiniteQuery's data for such a list: the pages loaded so far, oldest request first. */
export type PagedList<P extends Page<unknown>> = InfiniteData<P>;

type ItemOf<P extends Page<unknown>> = P['items'][number];

/** Every loaded row, in the server's order. */
export function itemsOf<P extends Page<unknown>>(data: PagedList<P> | undefined): Array<ItemOf<P>> | undefined {
  return data?.pages.flatMap((page) => page.items as Array<ItemOf<P>>);
}

/** The same pages with each row passed through `change` (return the row itself to keep it). */
export function mapPagedItems<P extends Page<unknown>>(data: PagedList<P> | undefined, change: (item: ItemOf<P>) => ItemOf<P>): PagedList<P> | undefined {
  return data && { ...data, pages: data.pages.map((page) => ({ ...page, items: (page.items as Array<ItemOf<P>>).map(change) })) };
}

/** The address of a page: `limit`, and the cursor it follows (none for the first). */
export function pagePath(path: string, limit: number, cursor?: PageParam): string {
  const params = new URLSearchParams({ limit: String(limit) });
  if (cursor) params.set('cursor', cursor);
  return `${path}?${params}`;
}
