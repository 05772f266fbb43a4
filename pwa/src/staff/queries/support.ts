/** The support inbox (support and admin): contact messages and issue reports, their status, assignee and notes. */
import { supportItemListSchema, supportItemSchema } from '../../../../shared/schemas/staff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SUPPORT_STATUSES, SupportItem } from '../../../../shared/schemas/staff';
import { apiFetch } from '../../api/client';
import { invalidateOverview } from './overview';

export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

export const supportKeys = {
  all: ['staff', 'support'] as const,
  list: (status: SupportStatus) => [...supportKeys.all, 'list', status] as const,
};

export function useSupportItemsQuery(status: SupportStatus) {
  return useQuery({
    queryKey: supportKeys.list(status),
    queryFn: ({ signal }) => apiFetch(`/api/staff/support?status=${status}`, supportItemListSchema, { signal }),
  });
}

const itemPath = (item: Pick<SupportItem, 'type' | 'id'>) => `/api/staff/support/${item.type}/${encodeURIComponent(item.id)}`;

function useSupportMutation<Input>(send: (input: Input) => Promise<SupportItem>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: supportKeys.all }), invalidateOverview(client)]),
  });
}

/** Opens or closes an item, or (un)assigns it: `assignee` null unassigns. */
export function useUpdateSupportItemMutation() {
  return useSupportMutation(({ item, ...update }: { item: SupportItem; status?: SupportStatus; assignee?: string | null }) =>
    apiFetch(itemPath(item), supportItemSchema, { method: 'POST', body: update }),
  );
}

export function useAddSupportNoteMutation() {
  return useSupportMutation(({ item, body }: { item: SupportItem; body: string }) =>
    apiFetch(`${itemPath(item)}/notes`, supportItemSchema, { method: 'POST', body: { body } }),
  );
}
