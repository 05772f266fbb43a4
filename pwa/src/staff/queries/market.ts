/** The market (support reads, admin acts): listings needing attention and their actions, featured listings. */
import { cancelLostResultSchema, retryDeliveryResultSchema, staffAttentionListSchema, staffFeaturedListSchema, staffFeaturedListingSchema } from '../../../../shared/schemas/staff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api/client';
import { invalidateOverview } from './overview';

export const marketKeys = {
  all: ['staff', 'market'] as const,
  attention: () => [...marketKeys.all, 'attention'] as const,
  featured: () => [...marketKeys.all, 'featured'] as const,
};

export function useAttentionQuery() {
  return useQuery({
    queryKey: marketKeys.attention(),
    queryFn: ({ signal }) => apiFetch('/api/staff/market/attention', staffAttentionListSchema, { signal }),
  });
}

export function useFeaturedQuery() {
  return useQuery({
    queryKey: marketKeys.featured(),
    queryFn: ({ signal }) => apiFetch('/api/staff/market/featured', staffFeaturedListSchema, { signal }),
  });
}

function useMarketMutation<Input, Result>(send: (input: Input) => Promise<Result>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: marketKeys.all }), invalidateOverview(client)]),
  });
}

/** Cancels a listing whose item was lost, refunding its buyer: answers the amount refunded, if any. */
export function useCancelLostMutation() {
  return useMarketMutation(({ listingId, reason }: { listingId: string; reason: string }) =>
    apiFetch(`/api/staff/market/listings/${encodeURIComponent(listingId)}/cancel-lost`, cancelLostResultSchema, { method: 'POST', body: { reason } }),
  );
}

export function useRetryDeliveryMutation() {
  return useMarketMutation(({ orderItemId, reason }: { orderItemId: string; reason: string }) =>
    apiFetch(`/api/staff/market/order-items/${encodeURIComponent(orderItemId)}/retry-delivery`, retryDeliveryResultSchema, { method: 'POST', body: { reason } }),
  );
}

export function useSetFeaturedMutation() {
  return useMarketMutation(({ listingId, featured, reason }: { listingId: string; featured: boolean; reason?: string }) =>
    apiFetch(`/api/staff/market/listings/${encodeURIComponent(listingId)}/featured`, staffFeaturedListingSchema, {
      method: 'POST',
      body: reason ? { featured, reason } : { featured },
    }),
  );
}
