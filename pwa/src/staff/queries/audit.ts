/** The audit log (admin): filtered by actor, subject and action, a page at a time. */
import { auditPageSchema } from '../../../../shared/schemas/staff';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '../../api/client';

export interface AuditFilters {
  actor: string;
  subject: string;
  action: string;
}

export const auditKeys = {
  all: ['staff', 'audit'] as const,
  list: (filters: AuditFilters) => [...auditKeys.all, filters] as const,
};

/** The query string of a page: the filters that are set, and the cursor of the page after the last. */
export function auditSearch(filters: AuditFilters, cursor: string | null): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value.trim() !== '') params.set(name, value.trim());
  if (cursor) params.set('cursor', cursor);
  const search = params.toString();
  return search ? `?${search}` : '';
}

export function useAuditQuery(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: auditKeys.list(filters),
    queryFn: ({ pageParam, signal }) => apiFetch(`/api/staff/audit${auditSearch(filters, pageParam)}`, auditPageSchema, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}
