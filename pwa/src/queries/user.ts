/**
 * The signed-in user (GET /api/user). A 401 answer means "signed out" and yields null, so
 * `useCurrentUser().data` is the user, null when signed out, or undefined while loading. Any other
 * failure (API down, say) is an error; the nav then treats the visitor as signed out. Without the
 * signed-in hint cookie (api/signedInHint.ts) there is no session to ask about: null at once, with
 * no request, so a signed-out visit logs no 401 in the console.
 */
import { currentUserAnswer } from '../../../shared/answers/user';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { formatUsd, parseMoney } from '../../../shared/money';
import type { CurrentUser } from '../../../shared/schemas/user';
import { apiFetchOrNull } from '../api/client';
import { documentHasSignedInHint } from '../api/signedInHint';
import { useOfflineCopy } from '../offline/useOfflineCopy';
import { userKeys } from './keys';
import { useHydrated } from '../useHydrated';

/** GET /api/user's answer; the type lives in shared/ because the API produces it. */
export type User = CurrentUser;

/** The balance as the nav shows it: "$1,234.50"; an empty or unreadable balance shows "$0.00". */
export function formatBalance(balance: string | null | undefined): string {
  return formatUsd(parseMoney(balance ?? '') ?? 0n);
}

export function fetchCurrentUser(signal?: AbortSignal): Promise<User | null> {
  if (!documentHasSignedInHint()) return Promise.resolve(null);
  return apiFetchOrNull('/api/user', currentUserAnswer, { signal });
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
