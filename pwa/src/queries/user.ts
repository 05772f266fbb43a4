/**
 * The signed-in user (GET /api/user). A 401 answer means "signed out" and yields null, so
 * `useCurrentUser().data` is the user, null when signed out, or undefined while loading. Any other
 * failure (API down, say) is an error; the nav then treats the visitor as signed out. Without the
 * signed-in hint cookie (api/signedInHint.ts) there is no session to ask about: null at once, with
 * no request, so a signed-out visit logs no 401 in the console.
 */
import { useMutation, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { formatUsd, parseMoney } from '../../../shared/money';
import type { CurrentUser } from '../../../shared/schemas/user';
import { apiFetch, apiFetchOrNull } from '../api/client';
import { documentHasSignedInHint } from '../api/signedInHint';
import { useOfflineCopy } from '../offline/useOfflineCopy';
import { useHydrated } from '../useHydrated';

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
  if (!documentHasSignedInHint()) return Promise.resolve(null);
  return apiFetchOrNull<User>('/api/user', { signal });
}

/** The query as it reads before any answer (only the fields screens read are meaningful). */
function asUnknown(query: UseQueryResult<User | null>): UseQueryResult<User | null> {
  return { ...query, data: undefined, error: null, status: 'pending', isPending: true, isSuccess: false, isError: false } as UseQueryResult<User | null>;
}

export function useCurrentUser() {
  // Offline, the user last signed in on this device (offline/useOfflineCopy.ts).
  const query = useOfflineCopy(
    useQuery({
      queryKey: userKeys.current(),
      queryFn: ({ signal }) => fetchCurrentUser(signal),
    }),
    'user',
  );
  // While prerendered HTML hydrates, the user is unknown, as in that HTML (rendered for nobody).
  // React hydrates the screen after the bar around it, and the session check may have answered in
  // between: a part showing the user would not match its HTML.
  return useHydrated() ? query : asUnknown(query);
}

/**
 * Logout: this device stops getting the user's push notifications (while the session still allows
 * telling the server), POST /auth/logout, then everything of the user kept on the device for
 * offline use is deleted (offline/db.ts) and the page reloads so every piece of user state starts
 * over. A failure is only logged (spec section 8: the user is not told).
 */
export function useLogoutMutation() {
  return useMutation({
    mutationFn: async () => {
      // The push module loads here, not with the app's start: only a logout needs it on most pages.
      await import('./pushSubscriptions')
        .then(({ unsubscribeDevice }) => unsubscribeDevice())
        .catch((error: unknown) => console.warn('Could not unsubscribe from push', error));
      return apiFetch<unknown>('/auth/logout', { method: 'POST' });
    },
    onSuccess: async () => {
      const { clearUserData } = await import('../offline/db');
      await clearUserData();
      window.location.reload();
    },
    onError: (error) => {
      console.error('Logout failed', error);
    },
  });
}
