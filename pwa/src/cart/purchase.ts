/**
 * Buying the cart's items with the balance, in one place: one request for the whole selection
 * (all or nothing, with an Idempotency-Key), and what follows from the answer for the cart and the
 * cached data. `purchase(items)` resolves with a typed outcome; the screen says it to the buyer.
 *
 * Once the server confirmed, the bought items leave the cart, the new balance goes straight into the
 * cached user (the nav shows it) and the orders are re-read; items the server names as gone or as
 * the buyer's own leave the cart too. These happen in the mutation's own callbacks, so they happen
 * even if the buyer left the market meanwhile. The catalogue is re-read after a purchase and after
 * a 409: either way the grid no longer matches the server.
 */
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { purchaseAnswer, type MarketItem, type PurchaseResult } from '../../../shared/answers/market';
import type { PurchaseRequest } from '../../../shared/schemas/market';
import { ApiError, apiFetch } from '../api/client';
import { idempotencyHeaders } from '../api/requests';
import { orderKeys, userKeys } from '../queries/keys';
import { marketKeys } from '../queries/market';
import { useIdempotentMutation } from '../queries/useIdempotentMutation';
import { useCurrentUser, type User } from '../queries/user';
import { cartStore } from './cartStore';
import { purchaseRefusal, type PurchaseRefusal } from './purchaseOutcome';

export type PurchaseOutcome = { kind: 'bought'; order: PurchaseResult } | PurchaseRefusal;

/** The ids a 409 names (sold meanwhile, or the buyer's own listings) among those asked for. */
function refusedIds(error: unknown, asked: readonly string[]): string[] {
  if (!(error instanceof ApiError) || error.status !== 409) return [];
  const named = new Set(Object.keys(error.body.fields ?? {}));
  return asked.filter((id) => named.has(id));
}

function usePurchaseMutation() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: (input: PurchaseRequest, idempotencyKey) =>
      apiFetch('/api/purchases', purchaseAnswer, { method: 'POST', body: input, headers: idempotencyHeaders(idempotencyKey) }),
    onSuccess: (order, input) => {
      cartStore.removeMany(input.listingIds);
      queryClient.setQueryData<User | null>(userKeys.current(), (user) => (user ? { ...user, balance: order.balance } : user));
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
    onError: (error, input) => {
      cartStore.removeMany(refusedIds(error, input.listingIds));
    },
    onSettled: (_order, error) => {
      // Refused for the balance: the cached one may be stale (spent in another tab), so re-read it.
      if (error instanceof ApiError && error.body.code === 'insufficient_balance') {
        void queryClient.invalidateQueries({ queryKey: userKeys.current() });
      }
      if (!error || (error instanceof ApiError && error.status === 409)) {
        void queryClient.invalidateQueries({ queryKey: marketKeys.all });
      }
    },
  });
}

/** `purchase(items)`: a signed-out visitor gets `signed_out` without a request. */
export function useCartPurchase() {
  const { data: user } = useCurrentUser();
  const mutation = usePurchaseMutation();
  const { mutateAsync } = mutation;
  const purchase = useCallback(
    async (items: readonly MarketItem[]): Promise<PurchaseOutcome> => {
      if (!user) return { kind: 'signed_out' };
      try {
        return { kind: 'bought', order: await mutateAsync({ listingIds: items.map((item) => item.id) }) };
      } catch (error) {
        return purchaseRefusal(error, items);
      }
    },
    [user, mutateAsync],
  );
  return { purchase, isPurchasing: mutation.isPending };
}
