/**
 * The page routes: exactly the route table of shared/routes.ts (which the server also serves),
 * each mapped to its screen, plus the 404 screen for anything else. The `Record<PagePath, …>` type
 * makes a route added to the table without a screen a type error. React Router matches "/market/"
 * to "/market" (trailing slashes are ignored), as the spec's route table wants.
 *
 * Screens are loaded on demand; the service worker precaches every chunk, so this costs nothing
 * offline.
 */
import { lazy, type ReactElement } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { pageRoutes, type PagePath } from '../../shared/routes';
import { AppLayout } from './components/AppLayout';
import { RouteError } from './components/RouteError';

const LandingScreen = lazy(() => import('./screens/landing/LandingScreen'));
const MarketScreen = lazy(() => import('./screens/market/MarketScreen'));
const InventoryScreen = lazy(() => import('./screens/inventory/InventoryScreen'));
const CheckoutScreen = lazy(() => import('./screens/checkout/CheckoutScreen'));
const ProfileScreen = lazy(() => import('./screens/profile/ProfileScreen'));
const AddFundsScreen = lazy(() => import('./screens/addFunds/AddFundsScreen'));
const WithdrawScreen = lazy(() => import('./screens/withdraw/WithdrawScreen'));
const HelpCenterScreen = lazy(() => import('./screens/HelpCenterScreen'));
const ContactUsScreen = lazy(() => import('./screens/ContactUsScreen'));
const ReportIssueScreen = lazy(() => import('./screens/ReportIssueScreen'));
const TermsOfServiceScreen = lazy(() => import('./screens/TermsOfServiceScreen'));
const PrivacyPolicyScreen = lazy(() => import('./screens/PrivacyPolicyScreen'));
const RefundPolicyScreen = lazy(() => import('./screens/RefundPolicyScreen'));
const MyListingsScreen = lazy(() => import('./screens/listings/MyListingsScreen'));
const NotFoundScreen = lazy(() => import('./screens/NotFoundScreen'));

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
};

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      {
        // A crashing screen is replaced inside the layout, so the nav and footer stay usable.
        errorElement: <RouteError />,
        children: [
          ...pageRoutes.map(({ path }) => ({ path, element: screens[path] })),
          { path: '*', element: <NotFoundScreen /> },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
