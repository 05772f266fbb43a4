/**
 * The single TanStack Query client. Defaults are the spec's (section 9, "Data fetching defaults"):
 * no retries, no refetch on window focus, no polling, data never stale. Screens that need
 * freshness opt in per query (inventory stale time, listings poll, trade-status poll).
 */
import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: false,
      refetchOnWindowFocus: false,
      staleTime: Infinity,
    },
    mutations: {
      retry: false,
    },
  },
});
