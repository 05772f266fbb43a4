/**
 * The signed-in user's Steam inventory (GET /api/inventory) and the trade bot's status
 * (GET /api/bot-status).
 *
 * The inventory is cached for INVENTORY_STALE_MS (5 minutes) and never refetched on
 * window focus: the server itself caches Steam's answer and Steam rate-limits hard, so fresh data
 * comes from the explicit Refresh button, which asks the server to re-read Steam (`?refresh=1`) and
 * writes the answer into the same cache entry the screens read.
 */
import { botStatusAnswer, inventoryAnswer } from '../../../shared/answers/inventory';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BOT_STATUS_POLL_MS, INVENTORY_STALE_MS } from '../../../shared/constants';
import { apiFetch } from '../api/client';
import { USER_SCOPED } from '../queryClient';
import { useCurrentUser } from './user';
import { useOfflineCopy } from '../offline/useOfflineCopy';
import { inventoryKeys } from './keys';

/** The inventory; only fetched while someone is signed in. */
export function useInventoryQuery() {
  const { data: user } = useCurrentUser();
  // Offline, the copy kept on this device (offline/useOfflineCopy.ts).
  const query = useQuery({
    queryKey: inventoryKeys.mine(),
    // A 401 signs the user out (the query client's rule, queryClient.ts).
    queryFn: ({ signal }) => apiFetch('/api/inventory', inventoryAnswer, { signal }),
    enabled: Boolean(user),
    meta: USER_SCOPED,
    staleTime: INVENTORY_STALE_MS,
    refetchOnWindowFocus: false,
  });
  return useOfflineCopy(query, 'inventory');
}

/**
 * Re-reads the inventory from Steam. The server allows this only so often: a 429 ApiError carries
 * its message (when to try again) for the caller to show.
 */
export function useRefreshInventoryMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch('/api/inventory?refresh=1', inventoryAnswer),
    onSuccess: (inventory) => {
      queryClient.setQueryData(inventoryKeys.mine(), inventory);
    },
  });
}

/** Whether the trade bot is online, polled every BOT_STATUS_POLL_MS (30 s) while the page is visible. */
export function useBotStatusQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: inventoryKeys.botStatus(),
    queryFn: ({ signal }) => apiFetch('/api/bot-status', botStatusAnswer, { signal }),
    enabled,
    refetchInterval: BOT_STATUS_POLL_MS,
  });
}
