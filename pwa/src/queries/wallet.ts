/**
 * The wallet (docs/adr/0005-deposits-call-the-provider-in-the-transaction.md, 0019-withdrawals.md): deposits through the payment provider's hosted checkout,
 * withdrawal requests, and the ledger history of the signed-in user's balance.
 *
 * Money moving requests (POST /api/deposits, POST /api/withdrawals) carry an `Idempotency-Key`
 * per submission (useIdempotentMutation): a retry of the same body after a network failure reuses
 * it, so the server answers with the first result instead of moving money twice. A 401 is the
 * query client's business (queryClient.ts): the user becomes signed out.
 */
import { depositCheckoutAnswer, depositsPageAnswer, transactionsPageAnswer, withdrawableBalanceAnswer, withdrawalRequestedAnswer, withdrawalsPageAnswer } from '../../../shared/answers/wallet';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  NewPaymentMethod,
  Withdrawal,
} from '../../../shared/schemas/wallet';
import { ApiError, apiFetch } from '../api/client';
import { USER_SCOPED } from '../queryClient';
import { idempotencyHeaders } from '../api/requests';
import { useIdempotentMutation } from './useIdempotentMutation';
import { useCurrentUser, type User } from './user';
import { walletKeys, userKeys } from './keys';
import { pagePath, type PageParam } from './pagedLists';

/** How many entries the "Recent deposits" and "Recent withdrawals" lists show. */
export const RECENT_WALLET_ITEMS = 5;
/** Page size of the transaction history. */
export const TRANSACTIONS_PAGE_SIZE = 20;

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

/** The newest deposits of the signed-in user (GET /api/deposits). */
export function useDepositsQuery({ limit = RECENT_WALLET_ITEMS }: { limit?: number } = {}) {
  const { data: user } = useCurrentUser();
  return useQuery({
    queryKey: walletKeys.deposits(limit),
    queryFn: ({ signal }) => apiFetch(pagePath('/api/deposits', limit), depositsPageAnswer, { signal }),
    enabled: Boolean(user),
    meta: USER_SCOPED,
  });
}

/**
 * Starts a PayPal deposit: the answer's `checkoutUrl` is the provider's hosted checkout, where the
 * caller sends the browser. The balance changes only once the provider confirms the payment.
 */
export function useCreateDepositMutation() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: (input: CreateDepositInput, idempotencyKey) =>
      apiFetch('/api/deposits', depositCheckoutAnswer, { method: 'POST', body: input, headers: idempotencyHeaders(idempotencyKey) }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: walletKeys.allDeposits() });
    },
  });
}

/** The newest withdrawal requests of the signed-in user (GET /api/withdrawals). */
export function useWithdrawalsQuery({ limit = RECENT_WALLET_ITEMS }: { limit?: number } = {}) {
  const { data: user } = useCurrentUser();
  return useQuery({
    queryKey: walletKeys.withdrawals(limit),
    queryFn: ({ signal }) => apiFetch(pagePath('/api/withdrawals', limit), withdrawalsPageAnswer, { signal }),
    enabled: Boolean(user),
    meta: USER_SCOPED,
  });
}

/**
 * How much of the balance can be withdrawn now (GET /api/withdrawals/available): checkout deposits
 * clear only after some days. Read again whenever a screen shows it (it changes with time, not only
 * with events) and after every balance event (under walletKeys.all).
 */
export function useWithdrawableBalanceQuery() {
  const { data: user } = useCurrentUser();
  return useQuery({
    queryKey: walletKeys.withdrawable(),
    queryFn: ({ signal }) => apiFetch('/api/withdrawals/available', withdrawableBalanceAnswer, { signal }),
    enabled: Boolean(user),
    refetchOnMount: 'always',
    meta: USER_SCOPED,
  });
}

/**
 * Requests a withdrawal. The server moves the amount out of the available balance at once; its
 * answer carries the new balance, which goes straight into the cached user (so the nav shows it)
 * while the withdrawal list, the withdrawable amount and the ledger history are refetched.
 */
export function useRequestWithdrawalMutation() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: (input: RequestWithdrawalInput, idempotencyKey) =>
      apiFetch('/api/withdrawals', withdrawalRequestedAnswer, { method: 'POST', body: input, headers: idempotencyHeaders(idempotencyKey) }),
    onSuccess: ({ balance }) => {
      queryClient.setQueryData<User | null>(userKeys.current(), (user) => (user ? { ...user, balance } : user));
    },
    onSettled: (_answer, error) => {
      // Refused for the balance: the cached one may be stale (spent in another tab), so refresh it.
      if (error instanceof ApiError && error.body.code === 'insufficient_balance') {
        void queryClient.invalidateQueries({ queryKey: userKeys.current() });
      }
      void queryClient.invalidateQueries({ queryKey: walletKeys.withdrawable() });
      if (error) return;
      void queryClient.invalidateQueries({ queryKey: walletKeys.allWithdrawals() });
      void queryClient.invalidateQueries({ queryKey: walletKeys.transactions() });
    },
  });
}

/** The ledger history, newest first, a page of TRANSACTIONS_PAGE_SIZE at a time (GET /api/transactions). */
export function useTransactionsQuery() {
  const { data: user } = useCurrentUser();
  return useInfiniteQuery({
    queryKey: walletKeys.transactions(),
    queryFn: ({ pageParam, signal }) =>
      apiFetch(pagePath('/api/transactions', TRANSACTIONS_PAGE_SIZE, pageParam), transactionsPageAnswer, { signal }),
    initialPageParam: null as PageParam,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    enabled: Boolean(user),
    meta: USER_SCOPED,
  });
}
