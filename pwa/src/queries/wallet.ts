/**
 * The wallet (DESIGN.md sections 2-4): deposits through the payment provider's hosted checkout,
 * withdrawal requests, and the ledger history of the signed-in user's balance.
 *
 * Money moving requests (POST /api/deposits, POST /api/withdrawals) carry an `Idempotency-Key`.
 * The key belongs to one submission: a retry of the same body after a network failure (when the
 * request may or may not have reached the server) reuses it, so the server answers with the first
 * result instead of moving money twice; any answer from the server, or a changed body, starts a
 * new submission with a new key.
 */
import { useCallback, useMemo, useRef } from 'react';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  Deposit,
  DepositCheckout,
  NewPaymentMethod,
  Page,
  WalletTransaction,
  Withdrawal,
} from '../../../shared/schemas/wallet';
import { ApiError, apiFetch } from '../api/client';
import { useCurrentUser, userKeys, type User } from './user';

/** How many entries the "Recent deposits" and "Recent withdrawals" lists show. */
export const RECENT_WALLET_ITEMS = 5;
/** Page size of the transaction history. */
export const TRANSACTIONS_PAGE_SIZE = 20;

export const walletKeys = {
  all: ['wallet'] as const,
  deposits: (limit: number) => [...walletKeys.all, 'deposits', { limit }] as const,
  withdrawals: (limit: number) => [...walletKeys.all, 'withdrawals', { limit }] as const,
  transactions: () => [...walletKeys.all, 'transactions'] as const,
  /** Prefixes for invalidating every page size at once. */
  allDeposits: () => [...walletKeys.all, 'deposits'] as const,
  allWithdrawals: () => [...walletKeys.all, 'withdrawals'] as const,
};

/** POST /api/deposits: a PayPal checkout for `amount` ("25.00"). */
export interface CreateDepositInput {
  method: 'paypal';
  amount: string;
}

/** POST /api/withdrawals: `amount` ("25.00") to a saved method, or to a new method's details. */
export type RequestWithdrawalInput =
  | { amount: string; paymentMethodId: string }
  | { amount: string; method: NewPaymentMethod };

export interface WithdrawalAnswer {
  withdrawal: Withdrawal;
  /** The available balance after the request ("75.00"). */
  balance: string;
}

/** True when no HTTP answer arrived (offline, connection dropped): the server may or may not have acted. */
export function isNetworkError(error: unknown): boolean {
  return !(error instanceof ApiError) && !(error instanceof DOMException && error.name === 'AbortError');
}

/**
 * The Idempotency-Key of the current submission. `keyFor(body)` returns the pending key while the
 * body is the one last sent (a retry), a fresh one otherwise; `settle(error)` ends the submission
 * unless the request failed before any answer arrived.
 */
export function useIdempotencyKey() {
  const pending = useRef<{ key: string; body: string } | null>(null);

  const keyFor = useCallback((body: unknown): string => {
    const serialized = JSON.stringify(body);
    if (pending.current?.body !== serialized) pending.current = { key: crypto.randomUUID(), body: serialized };
    return pending.current.key;
  }, []);

  const settle = useCallback((error: unknown) => {
    if (error && isNetworkError(error)) return;
    pending.current = null;
  }, []);

  return useMemo(() => ({ keyFor, settle }), [keyFor, settle]);
}

/** A 401 means the session ended since the user was loaded: every screen then shows its signed-out state. */
function handleSignedOut(queryClient: QueryClient, error: unknown) {
  if (error instanceof ApiError && error.status === 401) queryClient.setQueryData(userKeys.current(), null);
}

function pagePath(path: string, limit: number, cursor?: string | null): string {
  const params = new URLSearchParams({ limit: String(limit) });
  if (cursor) params.set('cursor', cursor);
  return `${path}?${params}`;
}

/** The newest deposits of the signed-in user (GET /api/deposits). */
export function useDepositsQuery({ limit = RECENT_WALLET_ITEMS }: { limit?: number } = {}) {
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  return useQuery({
    queryKey: walletKeys.deposits(limit),
    queryFn: async ({ signal }) => {
      try {
        return await apiFetch<Page<Deposit>>(pagePath('/api/deposits', limit), { signal });
      } catch (error) {
        handleSignedOut(queryClient, error);
        throw error;
      }
    },
    enabled: Boolean(user),
  });
}

/**
 * Starts a PayPal deposit: the answer's `checkoutUrl` is the provider's hosted checkout, where the
 * caller sends the browser. The balance changes only once the provider confirms the payment.
 */
export function useCreateDepositMutation() {
  const queryClient = useQueryClient();
  const idempotency = useIdempotencyKey();
  return useMutation({
    mutationFn: (input: CreateDepositInput) =>
      apiFetch<DepositCheckout>('/api/deposits', {
        method: 'POST',
        body: input,
        headers: { 'Idempotency-Key': idempotency.keyFor(input) },
      }),
    onSettled: (_answer, error) => {
      idempotency.settle(error);
      handleSignedOut(queryClient, error);
      void queryClient.invalidateQueries({ queryKey: walletKeys.allDeposits() });
    },
  });
}

/** The newest withdrawal requests of the signed-in user (GET /api/withdrawals). */
export function useWithdrawalsQuery({ limit = RECENT_WALLET_ITEMS }: { limit?: number } = {}) {
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  return useQuery({
    queryKey: walletKeys.withdrawals(limit),
    queryFn: async ({ signal }) => {
      try {
        return await apiFetch<Page<Withdrawal>>(pagePath('/api/withdrawals', limit), { signal });
      } catch (error) {
        handleSignedOut(queryClient, error);
        throw error;
      }
    },
    enabled: Boolean(user),
  });
}

/**
 * Requests a withdrawal. The server moves the amount out of the available balance at once; its
 * answer carries the new balance, which goes straight into the cached user (so the nav shows it)
 * while the withdrawal list and the ledger history are refetched.
 */
export function useRequestWithdrawalMutation() {
  const queryClient = useQueryClient();
  const idempotency = useIdempotencyKey();
  return useMutation({
    mutationFn: (input: RequestWithdrawalInput) =>
      apiFetch<WithdrawalAnswer>('/api/withdrawals', {
        method: 'POST',
        body: input,
        headers: { 'Idempotency-Key': idempotency.keyFor(input) },
      }),
    onSuccess: ({ balance }) => {
      queryClient.setQueryData<User | null>(userKeys.current(), (user) => (user ? { ...user, balance } : user));
    },
    onSettled: (_answer, error) => {
      idempotency.settle(error);
      handleSignedOut(queryClient, error);
      // Refused for the balance: the cached one may be stale (spent in another tab), so refresh it.
      if (error instanceof ApiError && error.body.code === 'insufficient_balance') {
        void queryClient.invalidateQueries({ queryKey: userKeys.current() });
      }
      if (error) return;
      void queryClient.invalidateQueries({ queryKey: walletKeys.allWithdrawals() });
      void queryClient.invalidateQueries({ queryKey: walletKeys.transactions() });
    },
  });
}

/** The ledger history, newest first, a page of TRANSACTIONS_PAGE_SIZE at a time (GET /api/transactions). */
export function useTransactionsQuery() {
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  return useInfiniteQuery({
    queryKey: walletKeys.transactions(),
    queryFn: async ({ pageParam, signal }) => {
      try {
        return await apiFetch<Page<WalletTransaction>>(pagePath('/api/transactions', TRANSACTIONS_PAGE_SIZE, pageParam), {
          signal,
        });
      } catch (error) {
        handleSignedOut(queryClient, error);
        throw error;
      }
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    enabled: Boolean(user),
  });
}
