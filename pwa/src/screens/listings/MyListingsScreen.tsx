/**
 * My Listings (/listings; statuses: docs/adr/0024-offer-sync-and-hold-end.md): the signed-in
 * seller's listings, newest first, as a grid of cards (1, 2 or 3 columns by width) with each
 * listing's status, money and hold countdown (ListingCard), and 'Cancel Listing' for unsold
 * listings still in the hold or on sale (CancelListingDialog). The next page of cards loads as the
 * seller scrolls to the end (LoadMore); the summary above them is the server's, over all the
 * seller's listings, not only the pages loaded.
 *
 * States: 'Loading your listings...'; 'Error Loading Listings' with a Retry that
 * reloads the page; 'No Listings Yet' with 'Start Selling'. The list is refetched every 30 s, and
 * also just after the next hold ends, so a card moves on to 'On Sale' or 'Payment Processing'
 * without waiting for the poll. The countdowns tick every second while any listing is in the hold.
 * Visitors get 'Authentication Required'.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Flex, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { PackageOpenIcon, PlusIcon } from 'lucide-react';
import { ItemGrid, ItemGridCell, PRIORITY_CARDS } from '../../components/items';
import { LoadMore } from '../../components/LoadMore';
import { OfflineMarker } from '../../components/OfflineMarker';
import { PageTitle } from '../../components/PageTitle';
import { ScreenLoadError, ScreenLoading, ScreenMessage } from '../../components/ScreenMessage';
import { SignedInOnly } from '../../components/SignedInOnly';
import type { ListingsSummary } from '../../../../shared/schemas/market';
import { useListingsQuery, type Listing } from '../../queries/listings';
import { itemsOf } from '../../queries/pagedLists';
import { useDeferredQueryState } from '../../queries/useDeferredQueryState';
import { CancelListingDialog } from './CancelListingDialog';
import { ListingCard } from './ListingCard';
import { NotifyToggle } from './NotifyToggle';
import { nextHoldEnd, summaryFigures } from './listingView';

/** Where 'List More Items' and 'Start Selling' go (the Sell tab). */
const SELL_PATH = '/market#sell';
const LISTINGS_COLUMNS = { base: 1, md: 2, xl: 3 };
/** After a hold ends, give the server's hold-end job a moment before asking again. */
const HOLD_END_SETTLE_MS = 3_000;
/** setTimeout's longest delay; a later hold end is left to the 30 s poll. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export default function MyListingsScreen() {
  return (
    <SignedInOnly
      loadingText="Loading your listings..."
      unavailableTitle="Error Loading Listings"
      signInDescription="Please sign in with your Steam account to see your listings."
    >
      {() => <MyListings />}
    </SignedInOnly>
  );
}

function MyListings() {
  return (
    <Box colorPalette="brand">
      <Flex direction={{ base: 'column', sm: 'row' }} align={{ base: 'stretch', sm: 'flex-start' }} justify="space-between" gap="4">
        <PageTitle title="My Listings" subtitle="Track your item sales and earnings" mb="0" />
        <HStack gap="4" flexShrink={0} mt={{ sm: '2' }} justify="space-between">
          <NotifyToggle />
          <Button asChild colorPalette="brand">
            <RouterLink to={SELL_PATH}>
              <PlusIcon aria-hidden="true" />
              List More Items
            </RouterLink>
          </Button>
        </HStack>
      </Flex>
      <Box mt={{ base: '6', md: '8' }}>
        <OfflineMarker dataset="listings" />
        <ListingsContent />
      </Box>
    </Box>
  );
}

function ListingsContent() {
  // The cards render in a background pass once the list arrives (useDeferredQueryState.ts).
  const { data, isPending, isError } = useDeferredQueryState(useListingsQuery());
  // One array per answer: the hold-end timer (ListingsGrid) is set again only when the list changes.
  const listings = useMemo(() => itemsOf(data), [data]);

  if (isPending) {
    return <ScreenLoading text="Loading your listings..." />;
  }
  // A failed refetch keeps the cards on screen; the error state is for when there is nothing to show.
  if (isError && !listings) {
    return (
      <ScreenLoadError title="Error Loading Listings" description="Unable to fetch your listings. Please try again." onRetry={() => window.location.reload()} />
    );
  }
  if (!listings?.length) {
    return (
      <ScreenMessage
        icon={<PackageOpenIcon />}
        title="No Listings Yet"
        description="Start selling your CS2 items to see them here during the hold period"
        action={
          <Button asChild colorPalette="brand">
            <RouterLink to={SELL_PATH}>Start Selling</RouterLink>
          </Button>
        }
      />
    );
  }
  return <ListingsGrid listings={listings} summary={data?.pages[0]?.summary ?? null} />;
}


function ListingsGrid({ listings, summary }: { listings: Listing[]; summary: ListingsSummary | null }) {
  const query = useListingsQuery();
  const { refetch } = query;
  const [cancelling, setCancelling] = useState<Listing | null>(null);
  // The 'Cancel Listing' button that opened the dialog; gone once its listing is cancelled.
  const cancelTriggerRef = useRef<HTMLElement | null>(null);
  // One function for every card, so opening the dialog does not re-render them (ListingCard is memoized).
  const askToCancel = useCallback((target: Listing, trigger: HTMLElement) => {
    cancelTriggerRef.current = trigger;
    setCancelling(target);
  }, []);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const next = nextHoldEnd(listings, Date.now());
    if (next === null) return;
    const delay = next - Date.now() + HOLD_END_SETTLE_MS;
    if (delay > MAX_TIMER_MS) return;
    const timer = window.setTimeout(() => void refetch(), delay);
    return () => window.clearTimeout(timer);
  }, [listings, refetch]);

  const figures = summary && summaryFigures(summary);
  return (
    <Stack gap="6">
      {figures ? (
        <SimpleGrid as="dl" columns={3} gap={{ base: '2', sm: '3' }} aria-label="Summary">
          <Total label="On sale" value={figures.onSale} />
          <Total label="Awaiting payout" value={figures.awaitingPayout} />
          <Total label="Earned" value={figures.earned} highlighted />
        </SimpleGrid>
      ) : null}
      <Text as="h2" ref={headingRef} tabIndex={-1} srOnly>
        Your listings
      </Text>
      <ItemGrid label="Your listings" columns={LISTINGS_COLUMNS}>
        {listings.map((listing, index) => (
          <ItemGridCell key={listing.id}>
            <ListingCard listing={listing} priority={index < PRIORITY_CARDS} onCancel={askToCancel} />
          </ItemGridCell>
        ))}
      </ItemGrid>
      <LoadMore pages={query} noun="listings" />
      <CancelListingDialog
        listing={cancelling}
        onClose={() => setCancelling(null)}
        finalFocusEl={() => {
          const trigger = cancelTriggerRef.current;
          return trigger?.isConnected ? trigger : headingRef.current;
        }}
      />
    </Stack>
  );
}

function Total({ label, value, highlighted = false }: { label: string; value: string; highlighted?: boolean }) {
  return (
    <Flex direction="column" justify="space-between" px={{ base: '3', sm: '4' }} py="3" minW="0" bg="bg.panel" borderWidth="1px" borderColor="border" borderRadius="l2">
      <Text as="dt" fontSize="xs" fontWeight="semibold" textTransform="uppercase" letterSpacing={{ base: 'normal', sm: 'wider' }} color="fg.subtle">
        {label}
      </Text>
      <Text
        as="dd"
        mt="1"
        fontSize={{ base: 'md', sm: 'xl' }}
        fontWeight="bold"
        fontVariantNumeric="tabular-nums"
        overflowWrap="anywhere"
        color={highlighted ? 'green.300' : 'fg'}
      >
        {value}
      </Text>
    </Flex>
  );
}
