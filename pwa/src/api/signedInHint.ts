/**
 * The signed-in hint (docs/adr/0047-signed-in-hint-cookie.md): the API sets a readable cookie
 * beside the session and expires it at logout or on a 401, so without it this browser has no
 * session and the current-user call can answer "signed out" without asking (a signed-out visit then
 * makes no 401 request, which Chromium would log as a console error). Only a hint: a present hint
 * still asks, and the server's answer decides.
 */
import { SIGNED_IN_HINT_COOKIE } from '../../../shared/constants';

/** True when `cookies` (a `document.cookie` string) carries the hint `skinmarket_signed_in=1`. */
export function hasSignedInHint(cookies: string): boolean {
  return cookies.split(';').some((cookie) => cookie.trim() === `${SIGNED_IN_HINT_COOKIE}=1`);
}

/** The hint of this document; outside a browser (a build-time render) there is none. */
export function documentHasSignedInHint(): boolean {
  return typeof document !== 'undefined' && hasSignedInHint(document.cookie);
}
