/**
 * The signed-in user's saved payment methods: GET /api/payment-methods
 * (masked details), POST to add one and DELETE to remove one. Both writes carry an Idempotency-Key
 * (useIdempotentMutation), so retrying the same submission after a network error never creates a
 * second method or deletes twice; both refresh the list when they succeed. Offline, or failing on
 * the network, they go into the outbox with their key instead (offline/queueing.ts: QueuedForSync).
 * A 401 is the query client's business (queryClient.ts): the user becomes signed out.
 */
import { paymentMethodsAnswer } from '../../../shared/answers/wallet';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentMethod, PaymentMethodBody } from '../../../shared/schemas/wallet';
import { ApiError, apiCall, apiFetch } from '../api/client';
import { addPaymentMethodCall, deletePaymentMethodCall } from '../api/requests';
import { USER_SCOPED } from '../queryClient';
import { useIdempotentMutation } from './useIdempotentMutation';
import { useCurrentUser } from './user';
import { sendOrQueue } from '../offline/queueing';
import { useOfflineCopy } from '../offline/useOfflineCopy';
import { paymentMethodKeys } from './keys';

export type { PaymentMethod } from '../../../shared/schemas/wallet';

/** The saved methods; only fetched while someone is signed in. */
export function usePaymentMethodsQuery() {
  const { data: user } = useCurrentUser();
  // Offline, the masked copy kept on this device (offline/useOfflineCopy.ts).
  const query = useQuery({
    queryKey: paymentMethodKeys.list(),
    queryFn: ({ signal }) => apiFetch('/api/payment-methods', paymentMethodsAnswer, { signal }),
    enabled: Boolean(user),
    meta: USER_SCOPED,
  });
  return useOfflineCopy(query, 'paymentMethods');
}

/** True when the server refused the method because the user already has one of that type. */
export function isDuplicatePaymentMethodError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

/** Adds a method; the variables are the POST body (the same body again after a network error is a retry). */
export function useAddPaymentMethodMutation() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationKey: paymentMethodKeys.add(),
    // Offline (or failing on the network) it goes into the outbox with this key: QueuedForSync.
    mutationFn: (body: PaymentMethodBody, idempotencyKey) =>
      sendOrQueue({ kind: 'payment-method-add', body }, idempotencyKey, () =>
        apiCall(addPaymentMethodCall(body, idempotencyKey)),
      ),
    onSuccess: async (method) => {
      queryClient.setQueryData<PaymentMethod[]>(paymentMethodKeys.list(), (methods) =>
        methods && !methods.some((saved) => saved.id === method.id) ? [...methods, method] : methods,
      );
      await queryClient.invalidateQueries({ queryKey: paymentMethodKeys.list() });
    },
    onError: (error) => {
      // A 409 means the list on screen is out of date (added from another tab): show the real one.
      if (isDuplicatePaymentMethodError(error)) void queryClient.invalidateQueries({ queryKey: paymentMethodKeys.list() });
    },
  });
}

/** Deletes the method with this id (deleting it again after a network error is a retry). */
export function useDeletePaymentMethodMutation() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationKey: paymentMethodKeys.remove(),
    mutationFn: (id: string, idempotencyKey) =>
      sendOrQueue({ kind: 'payment-method-delete', paymentMethodId: id }, idempotencyKey, () =>
        apiCall(deletePaymentMethodCall(id, idempotencyKey)),
      ),
    onSuccess: async (_answer, id) => {
      queryClient.setQueryData<PaymentMethod[]>(paymentMethodKeys.list(), (methods) =>
        methods ? methods.filter((method) => method.id !== id) : methods,
      );
      await queryClient.invalidateQueries({ queryKey: paymentMethodKeys.list() });
    },
    onError: (error) => {
      // 404: already gone (deleted elsewhere) — the list is stale either way.
      if (error instanceof ApiError && error.status === 404) void queryClient.invalidateQueries({ queryKey: paymentMethodKeys.list() });
    },
  });
}
