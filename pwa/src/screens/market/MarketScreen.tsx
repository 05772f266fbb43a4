/**
 * Market (/market, /market/ and /market/sell; the mobile menu's /market#sell also opens the Sell
 * tab). The tab follows the route; each tab's code loads only when that tab is shown (tabs.ts).
 */
import { Suspense } from 'react';
import { Center, Spinner } from '@chakra-ui/react';
import { useLocation } from 'react-router-dom';
import { MarketLayout } from './MarketLayout';
import { marketTabFor, type MarketTab } from './marketTab';
import { BuyTab, SellTab } from './tabs';

function TabFallback() {
  return (
    <Center minH="60" aria-busy="true" aria-label="Loading">
      <Spinner size="lg" color="brand.400" borderWidth="3px" />
    </Center>
  );
}

export default function MarketScreen({ tab: routeTab = 'buy' }: { tab?: MarketTab }) {
  const { hash } = useLocation();
  const tab = marketTabFor(routeTab, hash);

  return (
    <MarketLayout tab={tab}>
      <Suspense fallback={<TabFallback />}>{tab === 'buy' ? <BuyTab /> : <SellTab />}</Suspense>
    </MarketLayout>
  );
}
