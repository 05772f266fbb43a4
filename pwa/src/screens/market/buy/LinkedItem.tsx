/**
 * A link to one item of the Buy tab (`/market?listing=<id>`, as a price alert's notification opens
 * it): the item is opened in the dialog once it is found on the loaded pages or read on its own
 * (GET /api/skins/{id}); one no longer on sale is said so in a toast and the link dropped. Loaded
 * only for such a link. Renders nothing.
 */
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { marketItemAnswer } from '../../../../../shared/answers/market';
import type { MarketItem } from '../../../../../shared/schemas/market';
import { apiFetch } from '../../../api/client';
import { toaster } from '../../../components/toaster';
import { marketKeys } from '../../../queries/market';

interface LinkedItemProps {
  id: string;
  /** The items of the pages loaded. */
  items: MarketItem[];
  onFound: (item: MarketItem) => void;
  onGone: () => void;
}

/**
 * One item on sale; a 404 (no longer on sale) is not worth a retry. Here rather than in
 * queries/market.ts, which every page loads first.
 */
function useMarketItemQuery(id: string | null) {
  return useQuery({
    queryKey: marketKeys.listing(id ?? ''),
    queryFn: ({ signal }) => apiFetch(`/api/skins/${encodeURIComponent(id ?? '')}`, marketItemAnswer, { signal }),
    enabled: id !== null,
    retry: false,
  });
}

export default function LinkedItem({ id, items, onFound, onGone }: LinkedItemProps) {
  const onPage = items.find((item) => item.id === id);
  const read = useMarketItemQuery(onPage ? null : id);
  const linked = onPage ?? read.data;
  // Each link opens its item once: closing the dialog must not open it again.
  const [handled, setHandled] = useState<string | null>(null);

  useEffect(() => {
    if (handled === id) return;
    if (linked) {
      setHandled(id);
      onFound(linked);
    } else if (read.isError) {
      setHandled(id);
      toaster.create({ title: 'Item not available', description: 'This item is no longer on sale.', type: 'info' });
      onGone();
    }
  }, [id, handled, linked, read.isError, onFound, onGone]);

  return null;
}
