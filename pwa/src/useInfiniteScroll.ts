/**
 * Loads the next page of an infinitely scrolled list (the Buy grid, My Listings, the orders, the
 * balance history) with the Buy grid's timing: once the end of the list is within
 * MARKET_SCROLL_THRESHOLD_PX (200 px) of the bottom of the viewport, after MARKET_SCROLL_DELAY_MS
 * (500 ms). "The bottom" is the end of the list rather than of the document, which also holds the
 * footer: the user reaches the last rows, not the footer links.
 *
 * An IntersectionObserver on a sentinel after the list does the watching (no scroll handler on
 * every frame), and a page that arrives while the sentinel is still in view (a tall screen, or a
 * filter with few matches) schedules the next one, so the list always fills the screen.
 */
import { useEffect, useState } from 'react';
import { MARKET_SCROLL_DELAY_MS, MARKET_SCROLL_THRESHOLD_PX } from '../../shared/constants';

interface InfiniteScrollOptions {
  hasNextPage: boolean;
  /** True while any page (first, next, refetch) is loading: no second request meanwhile. */
  isFetching: boolean;
  fetchNextPage: () => unknown;
  /** Stop (e.g. after a failed page, until the user retries). */
  paused?: boolean;
}

export function useInfiniteScroll({ hasNextPage, isFetching, fetchNextPage, paused = false }: InfiniteScrollOptions) {
  const [sentinel, setSentinel] = useState<HTMLElement | null>(null);
  const [nearBottom, setNearBottom] = useState(false);

  useEffect(() => {
    if (!sentinel) return;
    const observer = new IntersectionObserver(([entry]) => setNearBottom(Boolean(entry?.isIntersecting)), {
      rootMargin: `0px 0px ${MARKET_SCROLL_THRESHOLD_PX}px 0px`,
    });
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [sentinel]);

  useEffect(() => {
    if (!nearBottom || !hasNextPage || isFetching || paused) return;
    const timer = setTimeout(() => void fetchNextPage(), MARKET_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [nearBottom, hasNextPage, isFetching, paused, fetchNextPage]);

  /** Put this ref on an empty element right after the list. */
  return setSentinel;
}
