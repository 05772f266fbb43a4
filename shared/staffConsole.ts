/**
 * Where the staff console lives, for the three places that must agree on it: the server answers
 * its pages with its own HTML (api/static.ts), the service worker leaves them to the network
 * (pwa/src/sw.ts), and the build keeps its files out of the customers' precache (vite.config.ts).
 * The console is a separate page with its own code, which customers never download.
 */

/** The console's base path: its pages are this and everything under it, but the sign-in routes. */
export const STAFF_CONSOLE_PATH = '/staff';

/** The server's staff sign-in routes (login, callback, logout): never a page of the console. */
export const STAFF_AUTH_PATH = '/staff/auth';

/** The console's HTML in the built PWA. */
export const STAFF_CONSOLE_FILE = 'staff.html';

/** Every file name of the console's own build output (in assets/) starts with this. */
export const STAFF_ASSET_PREFIX = 'staff-';

/** Files of the built PWA that belong to the console alone (globs relative to the build's root). */
export const STAFF_CONSOLE_GLOBS = [STAFF_CONSOLE_FILE, `assets/${STAFF_ASSET_PREFIX}*`];

const under = (pathname: string, base: string) => pathname === base || pathname.startsWith(`${base}/`);

/** True for a page of the console: `/staff` and `/staff/…`, except the sign-in routes under `/staff/auth`. */
export function isStaffConsolePath(pathname: string): boolean {
  return under(pathname, STAFF_CONSOLE_PATH) && !under(pathname, STAFF_AUTH_PATH);
}
