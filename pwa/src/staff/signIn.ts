/** Signing in to the console: the server's login route, and what its way back says when it failed. */
import { STAFF_AUTH_PATH } from '../../../shared/staffConsole';

/** The outcome the server adds to /staff when a sign-in did not end in a session (`?signin=`). */
export const SIGN_IN_OUTCOME_PARAM = 'signin';

const OUTCOMES: Record<string, string> = {
  failed: 'Signing in did not complete. Please try again.',
  no_role: 'Your account has no staff role (support, finance or admin). Ask an administrator to give you one.',
};

/** The explanation for `?signin=<outcome>`, or null when the page carries none. */
export function signInOutcomeText(search: string): string | null {
  const outcome = new URLSearchParams(search).get(SIGN_IN_OUTCOME_PARAM);
  if (outcome === null) return null;
  return OUTCOMES[outcome] ?? OUTCOMES.failed!;
}

/**
 * The server's login route, returning to the page the person is on (its full path, under /staff),
 * without the outcome of an earlier attempt.
 */
export function signInHref(location: { pathname: string; search: string }): string {
  const params = new URLSearchParams(location.search);
  params.delete(SIGN_IN_OUTCOME_PARAM);
  const search = params.toString();
  const returnTo = `${location.pathname}${search ? `?${search}` : ''}`;
  return `${STAFF_AUTH_PATH}/login?returnTo=${encodeURIComponent(returnTo)}`;
}
