/** The console's front page figures (GET /api/staff/overview); every area's change makes them stale. */
import { staffOverviewSchema } from '../../../../shared/schemas/staff';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api/client';

export const overviewKey = ['staff', 'overview'] as const;

export function useOverviewQuery() {
  return useQuery({
    queryKey: overviewKey,
    queryFn: ({ signal }) => apiFetch('/api/staff/overview', staffOverviewSchema, { signal }),
  });
}

/** After a change in any area: the figures are read again when next shown. */
export function invalidateOverview(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: overviewKey });
}
