/**
 * The page routes: exactly the route table of shared/routes.ts (which the server also serves),
 * each mapped to its screen, plus the 404 screen for anything else. The `Record<PagePath, …>` type
 * makes a route added to the table without a screen a type error. React Router matches "/market/"
 * to "/market" (trailing slashes are ignored): both are the market's Buy tab.
 *
 * Screens are loaded on demand; the service worker precaches every chunk, so this costs nothing
 * offline. `preloadScreen` loads a path's screen ahead of rendering, so prerendered HTML hydrates in
 * one pass. The router around `AppRoutes` comes from the entry (start.tsx's BrowserRouter in the
 * browser, the prerender's StaticRouter at build time): this module must load without a DOM.
 *
 * Declarative routing (`useRoutes`), not a data router: the app has no loaders or actions, and the
 * data router's code was 18 KiB of every page's first download
 * (docs/adr/0069-declarative-routes.md).
 */
import { isValidElement, type ReactElement } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router-dom';
import { pageRoutes, type PagePath } from '../../shared/routes';
import { AppLayout } from './components/AppLayout';
import { ScreenOutlet } from './components/RouteError';
import { lazyWithPreload } from './lazyWithPreload';
import { marketTabFor, type MarketTab } from './screens/market/marketTab';
import { preloadMarketTab } from './screens/market/tabs';

const LandingScreen = lazyWithPreload(() => import('./screens/landing/LandingScreen'));
const MarketScreen = lazyWithPreload(() => import('./screens/market/MarketScreen'));
const InventoryScreen = lazyWithPreload(() => import('./screens/inventory/InventoryScreen'));
const CheckoutScreen = lazyWithPreload(() => import('./screens/checkout/CheckoutScreen'));
const ProfileScreen = lazyWithPreload(() => import('./screens/profile/ProfileScreen'));
const AddFundsScreen = lazyWithPreload(() => import('./screens/addFunds/AddFundsScreen'));
const WithdrawScreen = lazyWithPreload(() => import('./screens/withdraw/WithdrawScreen'));
const HelpCenterScreen = lazyWithPreload(() => import('./screens/helpCenter/HelpCenterScreen'));
const ContactUsScreen = lazyWithPreload(() => import('./screens/ContactUsScreen'));
const ReportIssueScreen = lazyWithPreload(() => import('./screens/ReportIssueScreen'));
const TermsOfServiceScreen = lazyWithPreload(() => import('./screens/TermsOfServiceScreen'));
const PrivacyPolicyScreen = lazyWithPreload(() => import('./screens/PrivacyPolicyScreen'));
const RefundPolicyScreen = lazyWithPreload(() => import('./screens/RefundPolicyScreen'));
const MyListingsScreen = lazyWithPreload(() => import('./screens/listings/MyListingsScreen'));
const MyBuyOrdersScreen = lazyWithPreload(() => import('./screens/buyOrders/MyBuyOrdersScreen'));
const WatchlistScreen = lazyWithPreload(() => import('./screens/watchlist/WatchlistScreen'));
const NotFoundScreen = lazyWithPreload(() => import('./screens/NotFoundScreen'));

const screens: Record<PagePath, ReactElement> = {
  '/': <LandingScreen />,
  '/market': <MarketScreen tab="buy" />,
  '/market/sell': <MarketScreen tab="sell" />,
  '/inventory': <InventoryScreen />,
  '/checkout': <CheckoutScreen />,
  '/profile': <ProfileScreen />,
  '/add-funds': <AddFundsScreen />,
  '/withdraw': <WithdrawScreen />,
  '/help-center': <HelpCenterScreen />,
  '/contact-us': <ContactUsScreen />,
  '/report-issue': <ReportIssueScreen />,
  '/terms-of-service': <TermsOfServiceScreen />,
  '/privacy-policy': <PrivacyPolicyScreen />,
  '/refund-policy': <RefundPolicyScreen />,
  '/listings': <MyListingsScreen />,
  '/buy-orders': <MyBuyOrdersScreen />,
  '/watchlist': <WatchlistScreen />,
};

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      {
        // A crashing screen is replaced inside the layout, so the nav and footer stay usable.
        element: <ScreenOutlet />,
        children: [
          ...pageRoutes.map(({ path }) => ({ path, element: screens[path] })),
          { path: '*', element: <NotFoundScreen /> },
        ],
      },
    ],
  },
];

/** The page the location shows, inside the layout. */
export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * Loads the code of the screen `pathname` shows, and of the market's tab it opens on, side by side
 * (resolves at once when they are already loaded).
 */
export async function preloadScreen(pathname: string, hash = ''): Promise<void> {
  const element = matchRoutes(routes, pathname)?.at(-1)?.route.element;
  if (!isValidElement<{ tab?: MarketTab }>(element)) return;
  const screen = element.type as { preload?: () => Promise<void> };
  await Promise.all([screen.preload?.(), element.type === MarketScreen ? preloadMarketTab(marketTabFor(element.props.tab ?? 'buy', hash)) : undefined]);
}
