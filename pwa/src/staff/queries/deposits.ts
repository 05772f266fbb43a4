/** Deposits waiting to be credited (finance), and crediting a transfer that arrived. */
import { creditDepositResultSchema, staffDepositListSchema } from '../../../../shared/schemas/staff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ManualDepositMethod } from '../../../../shared/schemas/staff';
import { apiFetch } from '../../api/client';
import { invalidateOverview } from './overview';
import { userKeys } from './users';

export const depositKeys = {
  all: ['staff', 'deposits'] as const,
  pending: () => [...depositKeys.all, 'pending'] as const,
};

export function usePendingDepositsQuery() {
  return useQuery({
    queryKey: depositKeys.pending(),
    queryFn: ({ signal }) => apiFetch('/api/staff/deposits/pending', staffDepositListSchema, { signal }),
  });
}

export interface CreditDepositInput {
  steamId: string;
  /** Two decimals, as typed ("1500.00"). */
  amount: string;
  /** The bank's or the chain's reference of the transfer: the same one twice credits once. */
  reference: string;
  method: ManualDepositMethod;
}

export function useCreditDepositMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreditDepositInput) => apiFetch('/api/staff/deposits/credit', creditDepositResultSchema, { method: 'POST', body: input }),
    // A credit changes the user's balance as well as the deposits.
    onSettled: () =>
      Promise.all([client.invalidateQueries({ queryKey: depositKeys.all }), client.invalidateQueries({ queryKey: userKeys.all }), invalidateOverview(client)]),
    });
}
