/**
 * The stars' press on the Buy tab: watch an item that is not on the watchlist, stop watching one
 * that is (queries/watchlist.ts). One stable function for every card, so a press re-renders only
 * the cards whose star changed (MarketGrid's cards are memoized).
 */
import { useCallback, useEffect, useRef } from 'react';
import { ApiError } from '../../../api/client';
import { toaster } from '../../../components/toaster';
import { useUnwatchMutation, useWatchedItems, useWatchMutation } from '../../../queries/watchlist';

export function useWatchToggle() {
  const watched = useWatchedItems();
  const { mutate: watch } = useWatchMutation();
  const { mutate: unwatch } = useUnwatchMutation();
  // The latest list, read at the press rather than captured, so `toggle` never changes.
  const latest = useRef(watched);
  useEffect(() => {
    latest.current = watched;
  }, [watched]);

  const toggle = useCallback(
    (marketHashName: string) => {
      const onError = (error: Error) => toaster.create({ title: 'Watchlist not updated', description: error instanceof ApiError ? error.detail : error.message, type: 'error' });
      const current = latest.current.get(marketHashName);
      if (current) unwatch(current.id, { onError });
      else watch({ marketHashName }, { onError });
    },
    [watch, unwatch],
  );
  const isWatched = useCallback((marketHashName: string) => watched.has(marketHashName), [watched]);
  return { watched, isWatched, toggle };
}
