/**
 * Market (/market, /market/ and /market/sell; the mobile menu's /market#sell also opens the Sell
 * tab). The tab follows the route. Placeholder until its issue fills the Buy and Sell tabs.
 */
import { HStack, chakra } from '@chakra-ui/react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { PageTitle } from '../components/PageTitle';

export type MarketTab = 'buy' | 'sell';

const TabLink = chakra(RouterLink, {
  base: {
    px: '4',
    py: '2',
    borderRadius: 'l2',
    fontSize: 'sm',
    fontWeight: 'semibold',
    color: 'fg.muted',
    borderWidth: '1px',
    borderColor: 'transparent',
    _hover: { color: 'fg', bg: 'bg.muted' },
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.400', outlineOffset: '2px' },
    _currentPage: { color: 'brand.300', bg: 'brand.subtle', borderColor: 'brand.muted' },
  },
});

/** The tab a Market URL shows: /market/sell or the #sell hash mean Sell, anything else Buy. */
export function marketTabFor(routeTab: MarketTab, hash: string): MarketTab {
  return routeTab === 'sell' || hash === '#sell' ? 'sell' : 'buy';
}

export default function MarketScreen({ tab: routeTab = 'buy' }: { tab?: MarketTab }) {
  const { hash } = useLocation();
  const tab = marketTabFor(routeTab, hash);

  return (
    <>
      <PageTitle title="Market" />
      <HStack as="nav" aria-label="Market tabs" gap="2" data-tab={tab}>
        <TabLink to="/market" aria-current={tab === 'buy' ? 'page' : undefined}>
          Buy
        </TabLink>
        <TabLink to="/market/sell" aria-current={tab === 'sell' ? 'page' : undefined}>
          Sell
        </TabLink>
      </HStack>
    </>
  );
}
