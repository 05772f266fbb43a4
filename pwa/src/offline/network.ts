/**
 * Telling "no network" apart from an answer of the server. TanStack Query pauses queries while the
 * browser says it is offline; a request that was sent and got no answer rejects with a TypeError
 * (fetch's network error); a proxy in front of a stopped API answers 502-504.
 */
import { useSyncExternalStore } from 'react';
import { onlineManager } from '@tanstack/react-query';
import { ApiError } from '../api/client';

const GATEWAY_STATUSES = new Set([502, 503, 504]);

/** True when the request never reached the API (or the API is not there to answer). */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof ApiError) return GATEWAY_STATUSES.has(error.status);
  return error instanceof TypeError;
}

/** The browser reports no network. */
export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * TanStack Query assumes it starts online and only listens for changes; a page loaded offline
 * (from the service worker) would then fail its queries instead of pausing them. Call once at start.
 */
export function syncOnlineManager(): void {
  onlineManager.setOnline(!isOffline());
}

const subscribeOnline = (listener: () => void) => onlineManager.subscribe(listener);

/** Whether the browser has a network, as TanStack Query's online manager follows it; re-renders on a change. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => onlineManager.isOnline(),
    () => true,
  );
}
