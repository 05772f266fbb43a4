/**
 * What a screen draws from a query (its data, whether it is pending, whether it failed), changing
 * in a background pass. A query's answer re-renders its readers synchronously (React renders a
 * store's updates that way), so a gate that swaps its loading state for a whole screen, or a list
 * for its cards, did so in one task: about 200 ms of a phone's main thread for My Listings. With
 * `useDeferredValue` the urgent pass keeps what was drawn, and the switch renders in a transition,
 * in slices React can pause for input.
 *
 * The three fields change together, so the screen never reads a pending flag of one answer with
 * the data of another.
 */
import { useDeferredValue, useMemo } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';

/** The fields of a query's result a screen draws from, narrowed the way the result's own are. */
type QueryState<T> =
  | { data: undefined; isPending: true; isError: false }
  | { data: undefined; isPending: false; isError: true }
  | { data: T; isPending: false; isError: true }
  | { data: T; isPending: false; isError: false };

export function useDeferredQueryState<T>({ data, isPending, isError }: Pick<UseQueryResult<T>, 'data' | 'isPending' | 'isError'>): QueryState<T> {
  const state = useMemo(() => ({ data, isPending, isError }) as QueryState<T>, [data, isPending, isError]);
  return useDeferredValue(state);
}
