/**
 * The navigation targets shared by the top bar, the mobile menu and the footer, so a label or a
 * path is written once. The labels are the product's UI text.
 */
export interface NavTarget {
  label: string;
  to: string;
}

/** Desktop top bar: Market, Sell, Inventory. */
export const MAIN_NAV: readonly NavTarget[] = [
  { label: 'Market', to: '/market' },
  { label: 'Sell', to: '/market/sell' },
  { label: 'Inventory', to: '/inventory' },
];

/** Mobile menu: there Sell links to /market#sell. */
export const MOBILE_NAV: readonly NavTarget[] = [
  { label: 'Market', to: '/market' },
  { label: 'Sell', to: '/market#sell' },
  { label: 'Inventory', to: '/inventory' },
];

export const FOOTER_NAV: readonly { title: string; links: readonly NavTarget[] }[] = [
  {
    title: 'Marketplace',
    links: [
      { label: 'Market', to: '/market' },
      { label: 'Sell Skins', to: '/market/sell' },
      { label: 'Inventory', to: '/inventory' },
    ],
  },
  {
    title: 'Support',
    links: [
      { label: 'Help Center', to: '/help-center' },
      { label: 'Contact Us', to: '/contact-us' },
      { label: 'Report an Issue', to: '/report-issue' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Terms of Service', to: '/terms-of-service' },
      { label: 'Privacy Policy', to: '/privacy-policy' },
      { label: 'Refund Policy', to: '/refund-policy' },
    ],
  },
];

/** Account pages as the user menu names them. */
export const ACCOUNT_LINKS = {
  profile: { label: 'My Profile', to: '/profile' },
  listings: { label: 'My Listings', to: '/listings' },
  buyOrders: { label: 'My Buy Orders', to: '/buy-orders' },
  watchlist: { label: 'Watchlist', to: '/watchlist' },
  topUp: { label: 'Top Up Balance', to: '/add-funds' },
  withdrawFunds: { label: 'Withdraw Funds', to: '/withdraw' },
  addFunds: { label: 'Add Funds', to: '/add-funds' },
  withdraw: { label: 'Withdraw', to: '/withdraw' },
} as const satisfies Record<string, NavTarget>;
