/**
 * Purchases (DESIGN.md section 3, "Buy"): buying the cart's listings with the balance
 * (POST /api/purchases, with an Idempotency-Key) and the buyer's orders with their per-item delivery
 * state (GET /api/orders, a page of orders at a time as the buyer scrolls).
 */
import { ordersPageAnswer, purchaseAnswer } from '../../../shared/answers/market';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { Order, OrderItemStatus,  PurchaseRequest} from '../../../shared/schemas/market';
import { ApiError, apiFetch } from '../api/client';
import { cartStore } from '../cart/cartStore';
import { USER_SCOPED } from '../queryClient';
import { marketKeys } from './market';
import { idempotencyHeaders } from '../api/requests';
import { useIdempotentMutation } from './useIdempotentMutation';
import { useCurrentUser, type User } from './user';
import { useOfflineCopy } from '../offline/useOfflineCopy';
import { orderKeys, userKeys } from './keys';
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
    refetchInterval: (query) => ordersPollInterval(itemsOf(query.state.data)) });
  return useOfflineCopy(query, 'orders');
}

/**
 * Buys listings with the balance. The server answers only after the whole purchase committed; then
 * the bought items leave the cart, the new balance goes straight into the cached user (the nav
 * shows it), and the catalogue and orders are re-read, so sold items leave the grid. Refusals (402, 409, 400) are the caller's to explain.
 */
export function usePurchaseMutation() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: (input: PurchaseRequest, idempotencyKey) =>
      apiFetch('/api/purchases', purchaseAnswer, { method: 'POST', body: input, headers: idempotencyHeaders(idempotencyKey) }),
    onSuccess: (result, input) => {
      // Here rather than in the screen: it must happen even if the buyer left the market meanwhile.
      cartStore.removeMany(input.listingIds);
      queryClient.setQueryData<User | null>(userKeys.current(), (user) => (user ? { ...user, balance: result.balance } : user));
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
    onSettled: (_result, error) => {
      // Refused for the balance: the cached one may be stale (spent in another tab), so re-read it.
      if (error instanceof ApiError && error.body.code === 'insufficient_balance') {
        void queryClient.invalidateQueries({ queryKey: userKeys.current() });
      }
      // Bought or found sold: either way the grid no longer matches the server.
      if (!error || (error instanceof ApiError && error.status === 409)) {
        void queryClient.invalidateQueries({ queryKey: marketKeys.all });
      }
    } });
}
