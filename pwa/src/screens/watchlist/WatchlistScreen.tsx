/**
 * Watchlist (/watchlist; docs/adr/0078-watchlist-alerts.md): the signed-in user's watched items,
 * newest first, each with its picture, name, alert price ('Any price' without one), the cheapest
 * listing on sale now, a link that opens the item in the market (its name searched, cheapest
 * first) and 'Remove'. Items are starred on the market's cards and in the item dialog; a listing at
 * or under the alert price sends a Price Alert (toast, Web Push).
 *
 * States: 'Loading your watchlist...'; 'Error Loading Watchlist' with a Retry; 'No Watched Items
 * Yet' with 'Browse Market'. Offline it shows the copy kept on this device, marked 'Offline: last
 * updated …' (queries/watchlist.ts). Visitors get 'Authentication Required'.
 */
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Center, Flex, HStack, IconButton, Image, Stack, Text } from '@chakra-ui/react';
import { BellRingIcon, ImageOffIcon, SearchIcon, Trash2Icon } from 'lucide-react';
import { formatUsd, parseMoney } from '../../../../shared/money';
import { searchParamsFromFilters, DEFAULT_MARKET_FILTERS } from '../../../../shared/skinsRequest';
import { ApiError } from '../../api/client';
import { LoadMore } from '../../components/LoadMore';
import { OfflineMarker } from '../../components/OfflineMarker';
import { PageTitle } from '../../components/PageTitle';
import { ScreenLoadError, ScreenLoading, ScreenMessage } from '../../components/ScreenMessage';
import { SignedInOnly } from '../../components/SignedInOnly';
import { toaster } from '../../components/toaster';
import { itemsOf } from '../../queries/pagedLists';
import { useDeferredQueryState } from '../../queries/useDeferredQueryState';
import { useUnwatchMutation, useWatchlistQuery, type Watch } from '../../queries/watchlist';

export default function WatchlistScreen() {
  return (
    <SignedInOnly
      loadingText="Loading your watchlist..."
      unavailableTitle="Error Loading Watchlist"
      signInDescription="Please sign in with your Steam account to see your watchlist."
    >
      {() => <Watchlist />}
    </SignedInOnly>
  );
}

function Watchlist() {
  return (
    <Box colorPalette="brand">
      <PageTitle title="Watchlist" subtitle="Items you follow, and the prices that alert you" />
      <OfflineMarker dataset="watchlist" />
      <WatchlistContent />
    </Box>
  );
}

/** The market's page for an item: its name searched, cheapest first. */
function marketPathOf(watch: Watch): string {
  return `/market?${searchParamsFromFilters({ ...DEFAULT_MARKET_FILTERS, search: watch.name, sort: 'price_asc' }).toString()}`;
}

/** A two-decimal API amount in dollars ('$1,234.50'). */
const usd = (amount: string) => formatUsd(parseMoney(amount) ?? 0n);

function WatchlistContent() {
  const query = useWatchlistQuery();
  const { data, isPending, isError } = useDeferredQueryState(query);
  const watches = useMemo(() => itemsOf(data), [data]);

  if (isPending) {
    return <ScreenLoading text="Loading your watchlist..." />;
  }
  if (isError && !watches) {
    return (
      <ScreenLoadError title="Error Loading Watchlist" description="Unable to fetch your watchlist. Please try again." onRetry={() => void query.refetch()} />
    );
  }
  if (!watches?.length) {
    return (
      <ScreenMessage
        icon={<BellRingIcon />}
        title="No Watched Items Yet"
        description="Star items in the market to follow their prices and get an alert when one is listed at your price."
        action={
          <Button asChild colorPalette="brand">
            <RouterLink to="/market">Browse Market</RouterLink>
          </Button>
        }
      />
    );
  }
  return (
    <Stack gap="6">
      <Stack as="ul" gap="3" aria-label="Watched items" listStyleType="none">
        {watches.map((watch) => (
          <WatchRow key={watch.id} watch={watch} />
        ))}
      </Stack>
      <LoadMore pages={query} noun="watched items" />
    </Stack>
  );
}

function WatchRow({ watch }: { watch: Watch }) {
  const remove = useUnwatchMutation();

  function handleRemove() {
    remove.mutate(watch.id, {
      onError: (error) =>
        toaster.create({ title: 'Watchlist not updated', description: error instanceof ApiError ? error.detail : 'Could not reach the server. Please try again.', type: 'error' }),
    });
  }

  return (
    <Flex
      as="li"
      align={{ base: 'stretch', sm: 'center' }}
      direction={{ base: 'column', sm: 'row' }}
      gap={{ base: '3', sm: '4' }}
      p="4"
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      borderRadius="l3"
    >
      <HStack gap="4" flex="1" minW="0" align="center">
        <Center boxSize="20" flexShrink={0} borderRadius="l2" overflow="hidden" bg="bg.subtle" color="fg.subtle">
          {/* An item known only from its sales has no picture (api/commands/watchSaver.ts). */}
          {watch.imageUrl ? <Image src={watch.imageUrl} alt="" w="full" h="full" objectFit="contain" p="1" /> : <ImageOffIcon aria-hidden="true" />}
        </Center>
        <Stack gap="1" minW="0">
          <Text as="h2" fontWeight="semibold" lineHeight="short" truncate title={watch.marketHashName}>
            {watch.marketHashName}
          </Text>
          <HStack gap={{ base: '3', md: '6' }} wrap="wrap" fontSize="sm">
            <Figure label="Alert at or below" value={watch.maxPrice ? usd(watch.maxPrice) : 'Any price'} />
            <Figure
              label="Lowest listing"
              value={watch.lowestListing ? usd(watch.lowestListing) : 'None on sale'}
              highlighted={Boolean(watch.lowestListing && (!watch.maxPrice || (parseMoney(watch.lowestListing) ?? 0n) <= (parseMoney(watch.maxPrice) ?? 0n)))}
            />
          </HStack>
        </Stack>
      </HStack>
      <HStack gap="2" flexShrink={0} justify="flex-end">
        <Button asChild size="sm" variant="outline">
          <RouterLink to={marketPathOf(watch)} aria-label={`View ${watch.marketHashName} in the market`}>
            <SearchIcon aria-hidden="true" />
            View in Market
          </RouterLink>
        </Button>
        <IconButton
          size="sm"
          variant="ghost"
          color="fg.muted"
          _hover={{ color: 'fg.error', bg: 'bg.error' }}
          aria-label={`Remove ${watch.marketHashName} from watchlist`}
          title="Remove from watchlist"
          loading={remove.isPending}
          onClick={handleRemove}
        >
          <Trash2Icon aria-hidden="true" />
        </IconButton>
      </HStack>
    </Flex>
  );
}

function Figure({ label, value, highlighted = false }: { label: string; value: string; highlighted?: boolean }) {
  return (
    <Box>
      <Text as="span" color="fg.subtle">
        {label}:{' '}
      </Text>
      <Text as="span" fontWeight="semibold" fontVariantNumeric="tabular-nums" color={highlighted ? 'green.300' : 'fg'}>
        {value}
      </Text>
    </Box>
  );
}
