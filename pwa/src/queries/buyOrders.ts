/**
 * The signed-in user's buy orders (docs/adr/0077-buy-orders.md): GET /api/buy-orders, newest first,
 * page by page; placing one (POST /api/buy-orders, its price × quantity reserved from the balance)
 * and cancelling one (POST /api/buy-orders/{id}/cancel, the unfilled part released), both with an
 * Idempotency-Key since they move money. Fills happen on the server when a seller lists the item;
 * the live `buy-order` event (live/liveEvents.ts) re-reads the list and the item's book.
 */
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { buyOrderResultAnswer, buyOrdersPageAnswer, type BuyOrderResult } from '../../../shared/answers/buyOrders';
import type { BuyOrderBody } from '../../../shared/schemas/buyOrders';
import { apiFetch } from '../api/client';
import { idempotencyHeaders } from '../api/requests';
import { USER_SCOPED } from '../queryClient';
import { buyOrderKeys, userKeys } from './keys';
import { marketKeys } from './market';
import { pagePath, type PageParam } from './pagedLists';
import { useIdempotentMutation } from './useIdempotentMutation';
import { useCurrentUser, type User } from './user';

export type { BuyOrder } from '../../../shared/answers/buyOrders';

/** Rows per page of My Buy Orders. */
const BUY_ORDERS_PAGE_SIZE = 20;

/** The user's buy orders, newest first; only fetched while someone is signed in. */
export function useMyBuyOrdersQuery() {
  const { data: user } = useCurrentUser();
  return useInfiniteQuery({
    queryKey: buyOrderKeys.mine(),
    queryFn: ({ pageParam, signal }) => apiFetch(pagePath('/api/buy-orders', BUY_ORDERS_PAGE_SIZE, pageParam), buyOrdersPageAnswer, { signal }),
    initialPageParam: null as PageParam,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    enabled: Boolean(user),
    meta: USER_SCOPED,
  });
}

/** After a placement or a cancellation: the new balance into the cached user, the lists and the item's book re-read. */
function useSettleBuyOrder() {
  const queryClient = useQueryClient();
  return (outcome: BuyOrderResult) => {
    queryClient.setQueryData<User | null>(userKeys.current(), (user) => (user ? { ...user, balance: outcome.balance } : user));
    void queryClient.invalidateQueries({ queryKey: buyOrderKeys.all });
    // The item's price history carries the best bid.
    void queryClient.invalidateQueries({ queryKey: marketKeys.itemsAll() });
  };
}

export function usePlaceBuyOrderMutation() {
  const settle = useSettleBuyOrder();
  return useIdempotentMutation({
    mutationFn: (input: BuyOrderBody, idempotencyKey) =>
      apiFetch('/api/buy-orders', buyOrderResultAnswer, { method: 'POST', body: input, headers: idempotencyHeaders(idempotencyKey) }),
    onSuccess: settle,
  });
}

export function useCancelBuyOrderMutation() {
  const settle = useSettleBuyOrder();
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: (id: string, idempotencyKey) =>
      apiFetch(`/api/buy-orders/${encodeURIComponent(id)}/cancel`, buyOrderResultAnswer, { method: 'POST', headers: idempotencyHeaders(idempotencyKey) }),
    onSuccess: settle,
    // Refused (filled or cancelled meanwhile): the row on screen is out of date.
    onError: () => void queryClient.invalidateQueries({ queryKey: buyOrderKeys.all }),
  });
}
