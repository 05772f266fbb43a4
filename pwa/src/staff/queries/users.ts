/** Users (every role reads; admin freezes and unfreezes): the search, one user's detail, freezing. */
import { staffUserDetailSchema, staffUserListSchema } from '../../../../shared/schemas/staff';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffUserSummary } from '../../../../shared/schemas/staff';
import { apiFetch } from '../../api/client';
import { invalidateOverview } from './overview';

export const userKeys = {
  all: ['staff', 'users'] as const,
  search: (q: string) => [...userKeys.all, 'search', q] as const,
  detail: (id: string) => [...userKeys.all, 'detail', id] as const,
};

export function searchUsers(q: string, signal?: AbortSignal): Promise<{ items: StaffUserSummary[] }> {
  return apiFetch(`/api/staff/users?q=${encodeURIComponent(q)}`, staffUserListSchema, { signal });
}

/** Users matching `q` (SteamID, name, e-mail or deposit reference); nothing is asked for an empty `q`. */
export function useUserSearchQuery(q: string) {
  return useQuery({
    queryKey: userKeys.search(q),
    queryFn: ({ signal }) => searchUsers(q, signal),
    enabled: q !== '',
    placeholderData: keepPreviousData,
  });
}

export function useUserQuery(id: string) {
  return useQuery({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => apiFetch(`/api/staff/users/${encodeURIComponent(id)}`, staffUserDetailSchema, { signal }),
  });
}

/** Freezes ({frozen: true, reason}) or unfreezes ({frozen: false, reason?}) an account. */
export function useFreezeUserMutation(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ frozen, reason }: { frozen: boolean; reason?: string }) =>
      apiFetch(`/api/staff/users/${encodeURIComponent(id)}/${frozen ? 'freeze' : 'unfreeze'}`, staffUserDetailSchema, {
        method: 'POST',
        body: reason ? { reason } : {},
      }),
    onSuccess: (user) => client.setQueryData(userKeys.detail(id), user),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: userKeys.all }), invalidateOverview(client)]),
  });
}
