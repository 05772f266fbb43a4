/**
 * The Inventory's header: 'Your Arsenal', the item count, the trade bot's status, when Steam was
 * last read, and the Refresh and 'Start Selling' buttons.
 */
import { useEffect, useRef } from 'react';
import { Box, Button, Flex, HStack, Heading, Span, Text, Wrap } from '@chakra-ui/react';
import { Status } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { RefreshCwIcon, TagIcon } from 'lucide-react';
import { useBotStatusQuery } from '../../queries/inventory';
import { itemCount } from './inventoryFilters';

export const SELL_TAB_PATH = '/market/sell';

interface InventoryHeaderProps {
  /** Items in the inventory; null while it loads or when it failed to load. */
  count: number | null;
  fetchedAt: string | undefined;
  refreshing: boolean;
  onRefresh: () => void;
}

function formatSyncTime(iso: string | undefined): string | null {
  if (!iso) return null;
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return null;
  return time.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
}

export function InventoryHeader({ count, fetchedAt, refreshing, onRefresh }: InventoryHeaderProps) {
  const syncedAt = formatSyncTime(fetchedAt);
  // The button is disabled while refreshing and loses focus; give it back afterwards unless
  // something else took it, so keyboard users stay where they were.
  const refreshButtonRef = useRef<HTMLButtonElement>(null);
  const wasRefreshing = useRef(false);
  useEffect(() => {
    const focusLost = !document.activeElement || document.activeElement === document.body;
    if (wasRefreshing.current && !refreshing && focusLost) refreshButtonRef.current?.focus();
    wasRefreshing.current = refreshing;
  }, [refreshing]);
  return (
    <Flex
      direction={{ base: 'column', md: 'row' }}
      align={{ base: 'stretch', md: 'flex-end' }}
      justify="space-between"
      gap={{ base: '4', md: '6' }}
      mb={{ base: '6', md: '8' }}
    >
      <Box minW="0">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }} fontWeight="bold" letterSpacing="-0.02em">
          Your Arsenal
        </Heading>
        <Text mt="2" color="fg.muted" fontSize={{ base: 'md', md: 'lg' }} aria-live="polite">
          {count === null ? (
            'Your CS2 items from Steam'
          ) : (
            <>
              <Span color="fg" fontWeight="semibold">
                {itemCount(count)}
              </Span>{' '}
              in your Steam inventory
            </>
          )}
        </Text>
        <Wrap mt="2" gap="3" align="center" fontSize="sm" color="fg.subtle">
          <BotStatusIndicator />
          {syncedAt ? <Text>Synced with Steam at {syncedAt}</Text> : null}
        </Wrap>
      </Box>
      <HStack gap="3" flexShrink={0}>
        <Button
          variant="outline"
          borderColor="border.emphasized"
          ref={refreshButtonRef}
          onClick={onRefresh}
          loading={refreshing}
          loadingText="Refreshing..."
          flex={{ base: '1', md: 'initial' }}
        >
          <RefreshCwIcon aria-hidden="true" />
          Refresh
        </Button>
        <Button asChild colorPalette="brand" flex={{ base: '1', md: 'initial' }}>
          <RouterLink to={SELL_TAB_PATH}>
            <TagIcon aria-hidden="true" />
            Start Selling
          </RouterLink>
        </Button>
      </HStack>
    </Flex>
  );
}

/** The trade bot's availability, polled every 30 s; hidden until the first answer. */
function BotStatusIndicator() {
  const { data } = useBotStatusQuery();
  if (!data) return null;
  return (
    <Status.Root size="sm" colorPalette={data.online ? 'green' : 'red'} color="fg.muted">
      <Status.Indicator />
      {data.online ? 'Trade bot online' : 'Trade bot offline'}
    </Status.Root>
  );
}
