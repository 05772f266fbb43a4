/**
 * The Market's frame: on wide screens a sidebar with the tabs Buy, Sell and
 * Cashout (Cashout leaves for /withdraw) beside the tab's content; on narrow ones a top tab bar with
 * Buy and Sell. The page's h1 is 'Market' on both tabs; the tabs' own headings are h2.
 */
import { type ReactNode } from 'react';
import { Box, Grid, HStack, Icon, Stack, Text, chakra } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ShieldCheckIcon, ShoppingCartIcon, TagIcon, WalletIcon } from 'lucide-react';
import { TRADE_HOLD_DAYS } from '../../../../shared/constants';
import { PageTitle } from '../../components/PageTitle';
import type { MarketTab } from './marketTab';

const SidebarLink = chakra(RouterLink, {
  base: {
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    px: '3',
    py: '2.5',
    borderRadius: 'l2',
    fontSize: 'sm',
    fontWeight: 'semibold',
    color: 'fg.muted',
    borderWidth: '1px',
    borderColor: 'transparent',
    transition: 'background 150ms, color 150ms',
    _hover: { color: 'fg', bg: 'bg.muted' },
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.400', outlineOffset: '2px' },
    _currentPage: { color: 'brand.fg', bg: 'brand.subtle', borderColor: 'brand.muted' },
  },
});

const TopTabLink = chakra(RouterLink, {
  base: {
    flex: '1',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    py: '2',
    borderRadius: 'l2',
    fontSize: 'sm',
    fontWeight: 'semibold',
    color: 'fg.muted',
    _hover: { color: 'fg' },
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.400', outlineOffset: '2px' },
    _currentPage: { color: 'brand.contrast', bg: 'brand.solid' },
  },
});

function current(active: boolean) {
  return active ? ('page' as const) : undefined;
}

function MarketSidebar({ tab }: { tab: MarketTab }) {
  return (
    <Stack as="aside" gap="4" position="sticky" top="24" hideBelow="lg">
      <Box bg="bg.panel" borderWidth="1px" borderColor="border" borderRadius="l3" p="3">
        <Text px="3" pt="1" pb="2" fontSize="xs" fontWeight="bold" color="fg.subtle" textTransform="uppercase" letterSpacing="wider">
          Market
        </Text>
        <Stack as="nav" aria-label="Market tabs" gap="1">
          <SidebarLink to="/market" aria-current={current(tab === 'buy')}>
            <ShoppingCartIcon aria-hidden="true" />
            Buy
          </SidebarLink>
          <SidebarLink to="/market/sell" aria-current={current(tab === 'sell')}>
            <TagIcon aria-hidden="true" />
            Sell
          </SidebarLink>
          <SidebarLink to="/withdraw">
            <WalletIcon aria-hidden="true" />
            Cashout
          </SidebarLink>
        </Stack>
      </Box>
      <Box bg="bg.subtle" borderWidth="1px" borderColor="border" borderRadius="l3" p="4">
        <HStack gap="2" color="brand.fg" mb="2">
          <Icon as={ShieldCheckIcon} boxSize="4" aria-hidden="true" />
          <Text fontSize="sm" fontWeight="semibold" color="fg">
            Protected trades
          </Text>
        </HStack>
        <Text fontSize="xs" color="fg.muted" lineHeight="tall">
          {tab === 'buy'
            ? `Your payment waits in escrow. The item is sent to your Steam account when the seller's ${TRADE_HOLD_DAYS}-day trade protection ends; if it cannot be delivered, you are refunded in full.`
            : `Listed items go on sale at once. You are paid when the ${TRADE_HOLD_DAYS}-day trade protection ends, minus the 3% fee.`}
        </Text>
      </Box>
    </Stack>
  );
}

function MarketTopTabs({ tab }: { tab: MarketTab }) {
  return (
    <HStack
      as="nav"
      aria-label="Market tabs"
      gap="1"
      p="1"
      mb="6"
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      borderRadius="l3"
      hideFrom="lg"
    >
      <TopTabLink to="/market" aria-current={current(tab === 'buy')}>
        <ShoppingCartIcon aria-hidden="true" />
        Buy
      </TopTabLink>
      <TopTabLink to="/market/sell" aria-current={current(tab === 'sell')}>
        <TagIcon aria-hidden="true" />
        Sell
      </TopTabLink>
    </HStack>
  );
}

const SUBTITLES: Record<MarketTab, string> = {
  buy: 'Buy CS2 skins from other players with your balance, protected by escrow.',
  sell: 'Sell skins from your Steam inventory at your own price.',
};

export function MarketLayout({ tab, children }: { tab: MarketTab; children: ReactNode }) {
  return (
    <>
      <PageTitle title="Market" subtitle={SUBTITLES[tab]} mb={{ base: '5', md: '7' }} />
      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', lg: '13rem minmax(0, 1fr)' }}
        gap={{ base: '0', lg: '8' }}
        alignItems="start"
        data-tab={tab}
      >
        <MarketSidebar tab={tab} />
        <Box minW="0">
          <MarketTopTabs tab={tab} />
          {children}
        </Box>
      </Grid>
    </>
  );
}
