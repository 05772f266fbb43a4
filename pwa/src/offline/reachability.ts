/**
 * Whether the API can be reached right now, for the whole page: false when the browser reports no
 * network, or when the latest request of any query failed on the network (network error, or a
 * proxy's 502-504), and true again once any query gets an answer. One flag for all screens, so a
 * screen that mounts while a query is re-trying (its error then cleared) still knows to show the
 * offline copy instead of a spinner.
 */
import { useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { isNetworkFailure, isOffline } from './network';

let unreachable = isOffline();
const listeners = new Set<() => void>();

function setUnreachable(value: boolean): void {
  if (value === unreachable) return;
  unreachable = value;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useApiUnreachable(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => unreachable,
    () => false,
  );
}

/** Follows the browser's network events and every query's outcome; returns the function that stops. */
export function watchReachability(queryClient: QueryClient): () => void {
  const handleOffline = () => setUnreachable(true);
  const handleOnline = () => setUnreachable(false);
  window.addEventListener('offline', handleOffline);
  window.addEventListener('online', handleOnline);
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    if (event.action.type === 'error') setUnreachable(isNetworkFailure(event.action.error));
    else if (event.action.type === 'success' && !event.action.manual) setUnreachable(false);
  });
  return () => {
    unsubscribe();
    window.removeEventListener('offline', handleOffline);
    window.removeEventListener('online', handleOnline);
  };
}
