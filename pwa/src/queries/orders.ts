/**
 * The buyer's orders with their per-item delivery state (GET /api/orders, a page of orders at a
 * time as the buyer scrolls). Buying is the cart's (cart/purchase.ts, docs/adr/0036-purchases.md).
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { ordersPageAnswer, type Order, type OrderItemStatus } from '../../../shared/answers/market';
import { apiFetch } from '../api/client';
import { USER_SCOPED } from '../queryClient';
import { useCurrentUser } from './user';
import { useOfflineCopy } from '../offline/useOfflineCopy';
import { orderKeys } from './keys';
import { itemsOf, pagePath, type PageParam } from './pagedLists';

/** Orders a page (each with all its items). */
export const ORDERS_PAGE_SIZE = 20;
/** How often the orders are re-read while an item is on its way: a trade offer settles in seconds. */
const SENDING_POLL_MS = 5_000;
/** …and while items wait for the seller's trade protection to end (days; a minute is plenty). */
const AWAITING_HOLD_POLL_MS = 60_000;

/** The poll interval for a set of orders: fast while something is being sent, off once all settled. */
export function ordersPollInterval(orders: readonly Order[] | undefined): number | false {
  const statuses = new Set<OrderItemStatus>(orders?.flatMap((order) => order.items.map((item) => item.status)));
  if (statuses.has('sending')) return SENDING_POLL_MS;
  if (statuses.has('awaiting_hold')) return AWAITING_HOLD_POLL_MS;
  return false;
}

/**
 * The signed-in buyer's orders, newest first, page by page. Re-read (the pages loaded so far) while
 * an item among them is still on its way; older orders, further down, have long settled.
 */
export function useOrdersQuery() {
  const { data: user } = useCurrentUser();
  // Offline, the copy kept on this device: every page loaded (offline/useOfflineCopy.ts).
  const query = useInfiniteQuery({
    queryKey: orderKeys.mine(),
    queryFn: ({ pageParam, signal }) => apiFetch(pagePath('/api/orders', ORDERS_PAGE_SIZE, pageParam), ordersPageAnswer, { signal }),
    initialPageParam: null as PageParam,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    meta: USER_SCOPED,
    enabled: Boolean(user),
    refetchInterval: (query) => ordersPollInterval(itemsOf(query.state.data)),
  });
  return useOfflineCopy(query, 'orders');
}
