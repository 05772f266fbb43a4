/**
 * The page routes of the product. The server answers 200 with the
 * app shell for exactly these paths and 404 (still with the shell) for any other page path; the
 * PWA router declares the same list, so the two can never disagree.
 */
export const pageRoutes = [
  { path: '/', title: 'Sell CS2 Skins for Real Money' },
  { path: '/market', title: 'Market' },
  { path: '/market/sell', title: 'Sell' },
  { path: '/inventory', title: 'Your Arsenal' },
  { path: '/checkout', title: 'Checkout' },
  { path: '/profile', title: 'Profile' },
  { path: '/add-funds', title: 'Add Funds' },
  { path: '/withdraw', title: 'Withdraw Funds' },
  { path: '/help-center', title: 'Help Center' },
  { path: '/contact-us', title: 'Contact Us' },
  { path: '/report-issue', title: 'Report an Issue' },
  { path: '/terms-of-service', title: 'Terms of Service' },
  { path: '/privacy-policy', title: 'Privacy Policy' },
  { path: '/refund-policy', title: 'Refund Policy' },
  { path: '/listings', title: 'My Listings' },
  { path: '/buy-orders', title: 'My Buy Orders' },
  { path: '/watchlist', title: 'Watchlist' },
] as const;

export type PagePath = (typeof pageRoutes)[number]['path'];

const knownPaths = new Set<string>(pageRoutes.map((route) => route.path));

/** True when `pathname` is a page of the route table; `/market/` counts as `/market`. */
export function isPagePath(pathname: string): boolean {
  const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return knownPaths.has(trimmed);
}
