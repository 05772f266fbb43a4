/**
 * The signed-in user (GET /api/user). A 401 answer means "signed out" and yields null, so
 * `useCurrentUser().data` is the user, null when signed out, or undefined while loading. Any other
 * failure (API down, say) is an error; the nav then treats the visitor as signed out.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { formatUsd, parseMoney } from '../../../shared/money';
import type { CurrentUser } from '../../../shared/schemas/user';
import { apiFetch, apiFetchOrNull } from '../api/client';

/** GET /api/user's answer; the type lives in shared/ because the API produces it. */
export type User = CurrentUser;

/** The balance as the nav shows it: "$1,234.50"; an empty or unreadable balance shows "$0.00". */
export function formatBalance(balance: string | null | undefined): string {
  return formatUsd(parseMoney(balance ?? '') ?? 0n);
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
