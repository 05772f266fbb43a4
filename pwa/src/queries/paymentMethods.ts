/**
 * The signed-in user's saved payment methods (spec sections 3 and 7): GET /api/payment-methods
 * (masked details; 401 means signed out and yields null), POST to add one and DELETE to remove
 * one. Both writes carry an Idempotency-Key, so retrying the same submission after a network error
 * never creates a second method or deletes twice; both refresh the list when they succeed.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentMethod, PaymentMethodInput } from '../../../shared/schemas/wallet';
import { ApiError, apiFetch, apiFetchOrNull } from '../api/client';
import { useCurrentUser, userKeys } from './user';

export type { PaymentMethod } from '../../../shared/schemas/wallet';

export const paymentMethodKeys = {
  all: ['payment-methods'] as const,
  /** The signed-in user's methods; logout reloads the page, so one entry per session is enough. */
  list: () => [...paymentMethodKeys.all, 'list'] as const,
  add: () => [...paymentMethodKeys.all, 'add'] as const,
  remove: () => [...paymentMethodKeys.all, 'delete'] as const,
};

/** The POST body: every field of every type, empty strings for the ones the type does not use. */
export type PaymentMethodBody = {
  [K in Exclude<keyof PaymentMethodInput, 'isDefault'>]-?: NonNullable<PaymentMethodInput[K]>;
};

export interface AddPaymentMethodVariables {
  body: PaymentMethodBody;
  /** crypto.randomUUID() per submission; the same key again when retrying that submission. */
  idempotencyKey: string;
}

export interface DeletePaymentMethodVariables {
  id: string;
  idempotencyKey: string;
}

export function fetchPaymentMethods(signal?: AbortSignal): Promise<PaymentMethod[] | null> {
  return apiFetchOrNull<PaymentMethod[]>('/api/payment-methods', { signal });
}

/**
 * The saved methods; only fetched while someone is signed in. null when the session has ended
 * (401), which also marks the user as signed out so every screen shows its sign-in state.
 */
export function usePaymentMethodsQuery() {
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  return useQuery({
    queryKey: paymentMethodKeys.list(),
    queryFn: async ({ signal }) => {
      const methods = await fetchPaymentMethods(signal);
      if (methods === null) queryClient.setQueryData(userKeys.current(), null);
      return methods;
    },
    enabled: Boolean(user),
  });
}

/** True when the server refused the method because the user already has one of that type. */
export function isDuplicatePaymentMethodError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

export function useAddPaymentMethodMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: paymentMethodKeys.add(),
    mutationFn: ({ body, idempotencyKey }: AddPaymentMethodVariables) =>
      apiFetch<PaymentMethod>('/api/payment-methods', {
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    onSuccess: async (method) => {
      queryClient.setQueryData<PaymentMethod[] | null>(paymentMethodKeys.list(), (methods) =>
        methods && !methods.some((saved) => saved.id === method.id) ? [...methods, method] : methods,
      );
      await queryClient.invalidateQueries({ queryKey: paymentMethodKeys.list() });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) queryClient.setQueryData(userKeys.current(), null);
      // A 409 means the list on screen is out of date (added from another tab): show the real one.
      if (isDuplicatePaymentMethodError(error)) void queryClient.invalidateQueries({ queryKey: paymentMethodKeys.list() });
    },
  });
}

export function useDeletePaymentMethodMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: paymentMethodKeys.remove(),
    mutationFn: ({ id, idempotencyKey }: DeletePaymentMethodVariables) =>
      apiFetch<{ id: string; deleted: true }>(`/api/payment-methods/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    onSuccess: async (_answer, { id }) => {
      queryClient.setQueryData<PaymentMethod[] | null>(paymentMethodKeys.list(), (methods) =>
        methods ? methods.filter((method) => method.id !== id) : methods,
      );
      await queryClient.invalidateQueries({ queryKey: paymentMethodKeys.list() });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) queryClient.setQueryData(userKeys.current(), null);
      // 404: already gone (deleted elsewhere) — the list is stale either way.
      if (error instanceof ApiError && error.status === 404) void queryClient.invalidateQueries({ queryKey: paymentMethodKeys.list() });
    },
  });
}
