/**
 * The withdrawal queue (finance): the list, a withdrawal's full destination on demand, and the
 * actions on it. Every action makes the lists stale, not the destinations: reading one is audited,
 * so it is fetched only when someone asks to see it, and forgotten as soon as it is hidden.
 */
import { staffWithdrawalListSchema, staffWithdrawalSchema, withdrawalDestinationSchema } from '../../../../shared/schemas/staff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { STAFF_WITHDRAWAL_STATUSES } from '../../../../shared/schemas/staff';
import { apiFetch } from '../../api/client';
import { invalidateOverview } from './overview';

export type WithdrawalStatusFilter = (typeof STAFF_WITHDRAWAL_STATUSES)[number] | 'open';

export const withdrawalKeys = {
  all: ['staff', 'withdrawals'] as const,
  lists: () => [...withdrawalKeys.all, 'list'] as const,
  list: (status: WithdrawalStatusFilter) => [...withdrawalKeys.lists(), status] as const,
  destination: (id: string) => [...withdrawalKeys.all, 'destination', id] as const,
};

/** 'open' is the server's default: requested and processing. */
export function useWithdrawalsQuery(status: WithdrawalStatusFilter) {
  return useQuery({
    queryKey: withdrawalKeys.list(status),
    queryFn: ({ signal }) =>
      apiFetch(`/api/staff/withdrawals${status === 'open' ? '' : `?status=${status}`}`, staffWithdrawalListSchema, { signal }),
    });
}

export function useWithdrawalDestinationQuery(id: string, shown: boolean) {
  return useQuery({
    queryKey: withdrawalKeys.destination(id),
    queryFn: ({ signal }) => apiFetch(`/api/staff/withdrawals/${encodeURIComponent(id)}/destination`, withdrawalDestinationSchema, { signal }),
    enabled: shown,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

type WithdrawalAction = { id: string } & ({ action: 'approve' } | { action: 'reject'; reason: string } | { action: 'paid'; reference: string });

/** Approve, reject {reason} or mark paid {reference}: answers the withdrawal as it is now. */
export function useWithdrawalActionMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, ...body }: WithdrawalAction) =>
      apiFetch(`/api/staff/withdrawals/${encodeURIComponent(id)}/${action}`, staffWithdrawalSchema, {
        method: 'POST',
        body: action === 'approve' ? undefined : body,
      }),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: withdrawalKeys.lists() }), invalidateOverview(client)]),
  });
}
