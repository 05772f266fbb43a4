/**
 * The signed-in user (GET /api/user). A 401 answer means "signed out" and yields null, so
 * `useCurrentUser().data` is the user, null when signed out, or undefined while loading. Any other
 * failure (API down, say) is an error; the nav then treats the visitor as signed out.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiFetch, apiFetchOrNull } from '../api/client';

export interface User {
  steamId: string;
  username: string;
  displayName: string;
  email: string | null;
  tradeUrl: string | null;
  /** Image URL of the Steam avatar; may be empty. */
  avatar: string | null;
  /** The user's Steam community profile URL; may be empty. */
  profileUrl: string | null;
  /** Two-decimal dollar string, e.g. "12.34". */
  balance: string;
  /** The reference a bank or SEPA deposit must carry so it is credited to this account. */
  depositReference: string;
  /** Optimistic-concurrency version, sent back as If-Match on profile updates. */
  version: number;
}

export const userKeys = {
  all: ['user'] as const,
  current: () => [...userKeys.all, 'current'] as const,
};

export function fetchCurrentUser(signal?: AbortSignal): Promise<User | null> {
  return apiFetchOrNull<User>('/api/user', { signal });
}

export function useCurrentUser() {
  return useQuery({
    queryKey: userKeys.current(),
    queryFn: ({ signal }) => fetchCurrentUser(signal),
  });
}

/**
 * Logout: POST /auth/logout, then a full reload so every piece of user state starts over. A failure
 * is only logged (spec section 8: the user is not told).
 */
export function useLogoutMutation() {
  return useMutation({
    mutationFn: () => apiFetch<unknown>('/auth/logout', { method: 'POST' }),
    onSuccess: () => {
      window.location.reload();
    },
    onError: (error) => {
      console.error('Logout failed', error);
    },
  });
}
