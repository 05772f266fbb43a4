/**
 * The Buy tab's grid: one shared ItemCard per market item (click opens the detail dialog, 'Add to
 * cart' adds directly, the star in the picture's corner watches the item for signed-in users),
 * skeleton cards of the same size while the first page and each further page
 * load, infinite scroll, and the empty and error states.
 *
 * New cards render in a background pass (`useDeferredValue`, a transition React does in slices):
 * rendered in the same pass as the data's arrival, a page of cards was one long task that held a
 * phone's main thread for most of a second. Until the pass is done the skeletons stay.
 */
import { memo, useDeferredValue, type ReactNode } from 'react';
import { Box, Button, Card, EmptyState, HStack, Skeleton, SkeletonText, Stack, Text } from '@chakra-ui/react';
import { ClockIcon, SearchXIcon, ShoppingCartIcon, TriangleExclamationPointIcon } from 'lucide-react';
import { MARKET_PAGE_SIZE } from '../../../../../shared/constants';
import type { MarketItem } from '../../../../../shared/schemas/market';
import { ItemCard, ItemCardNote, ItemGrid, ItemGridCell, ItemPrice } from '../../../components/items';
import { useHydrated } from '../../../useHydrated';
import { deliveryText } from './delivery';
import { PRIORITY_CARDS } from '../../../components/items/priority';
import { useInfiniteScroll } from '../../../useInfiniteScroll';
import type { Stars } from './WatchlistStars';

interface MarketGridProps {
  items: MarketItem[];
  /** The first page is loading (nothing to show yet). */
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
  hasNextPage: boolean;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  nextPageFailed: boolean;
  fetchNextPage: () => unknown;
  onOpen: (item: MarketItem) => void;
  onAddToCart: (item: MarketItem) => void;
  isAdding: (id: string) => boolean;
  /** Signed in, once the watchlist's code is in: the stars. Absent: no stars. */
  watchlist?: Stars;
  filtered: boolean;
  onClearFilters: () => void;
  /** When the server read the items (the query's dataUpdatedAt). */
  readAt: number;
}

/**
 * The delivery note as of `renderedAt` in UTC while the server's HTML hydrates: the server knows
 * neither the browser's time zone nor the moment of the hydration, and both sides must write the
 * same. Right after, the cards say it as of now, in the browser's time zone.
 */
function DeliveryNote({ tradableAt, renderedAt }: { tradableAt: string; renderedAt?: number }) {
  const text = renderedAt === undefined ? deliveryText(tradableAt) : deliveryText(tradableAt, { now: renderedAt, timeZone: 'UTC' });
  return <ItemCardNote icon={<ClockIcon aria-hidden="true" />}>{text}</ItemCardNote>;
}

export function MarketGrid(props: MarketGridProps) {
  const { items, loading, error, onRetry, hasNextPage, isFetching, isFetchingNextPage, nextPageFailed, fetchNextPage } = props;
  const sentinelRef = useInfiniteScroll({ hasNextPage, isFetching, fetchNextPage, paused: nextPageFailed });
  const shownItems = useDeferredValue(items);
  const renderedAt = useHydrated() ? undefined : props.readAt;
  const cardsPending = shownItems.length < items.length;

  if (loading || (cardsPending && shownItems.length === 0)) {
    return (
      <Box aria-busy="true" aria-label="Loading skins">
        <ItemGrid label="Loading skins">
          <SkeletonCells count={MARKET_PAGE_SIZE} />
        </ItemGrid>
      </Box>
    );
  }
  if (error && items.length === 0) {
    return (
      <GridMessage
        icon={<TriangleExclamationPointIcon />}
        title="Unable to load the market"
        description="The skins could not be loaded. Please try again."
        action={
          <Button colorPalette="brand" onClick={onRetry}>
            Try Again
          </Button>
        }
      />
    );
  }
  if (items.length === 0) {
    return (
      <GridMessage
        icon={<SearchXIcon />}
        title={props.filtered ? 'No skins match your filters' : 'No skins for sale yet'}
        description={props.filtered ? 'Try a broader search or clear the filters.' : 'New listings appear here as soon as sellers list them.'}
        action={
          props.filtered ? (
            <Button variant="outline" onClick={props.onClearFilters}>
              Clear Filters
            </Button>
          ) : null
        }
      />
    );
  }

  return (
    <Box>
      <ItemGrid label="Skins for sale">
        {shownItems.map((item, index) => (
          <ItemGridCell key={item.id}>
            <MarketItemCard
              item={item}
              priority={index < PRIORITY_CARDS}
              adding={props.isAdding(item.id)}
              renderedAt={renderedAt}
              watched={props.watchlist?.isWatched(item.marketHashName)}
              onOpen={props.onOpen}
              onAddToCart={props.onAddToCart}
              onToggleWatch={props.watchlist?.onToggle}
              Star={props.watchlist?.Button}
            />
          </ItemGridCell>
        ))}
        {isFetchingNextPage || cardsPending ? <SkeletonCells count={MARKET_PAGE_SIZE} /> : null}
      </ItemGrid>
      <Box ref={sentinelRef} h="1px" aria-hidden="true" />
      {nextPageFailed ? (
        <Stack align="center" mt="6" gap="2">
          <Text color="fg.muted" fontSize="sm">
            More skins could not be loaded.
          </Text>
          <Button size="sm" variant="outline" onClick={() => void fetchNextPage()}>
            Load More
          </Button>
        </Stack>
      ) : !hasNextPage ? (
        <Text mt="8" textAlign="center" color="fg.subtle" fontSize="sm">
          You have reached the end of the list.
        </Text>
      ) : null}
    </Box>
  );
}

interface MarketItemCardProps {
  item: MarketItem;
  priority: boolean;
  adding: boolean;
  /** Set only while hydrating (DeliveryNote), so the cards re-render once when it ends, not on every page. */
  renderedAt?: number;
  /** Undefined while nobody is signed in (no star). */
  watched?: boolean;
  onOpen: (item: MarketItem) => void;
  onAddToCart: (item: MarketItem) => void;
  onToggleWatch?: (item: MarketItem) => void;
  Star?: Stars['Button'];
}

/** Memoized: a page of new cards must not re-render the hundreds already on screen. */
const MarketItemCard = memo(function MarketItemCard({ item, priority, adding, renderedAt, watched, onOpen, onAddToCart, onToggleWatch, Star }: MarketItemCardProps) {
  return (
    <ItemCard
      item={item}
      priority={priority}
      onOpen={() => onOpen(item)}
      cornerBadge={
        watched === undefined || !onToggleWatch || !Star ? null : (
          <Star watched={watched} onToggle={() => onToggleWatch(item)} size="xs" borderRadius="full" bg="bg/80" backdropFilter="blur(4px)" />
        )
      }
      price={<ItemPrice amount={item.price} />}
      details={<DeliveryNote tradableAt={item.tradableAt} renderedAt={renderedAt} />}
      actions={
        <Button
          w="full"
          size="sm"
          colorPalette="brand"
          variant="subtle"
          loading={adding}
          loadingText="Adding..."
          aria-label={`Add ${item.name} to cart`}
          onClick={() => onAddToCart(item)}
        >
          <ShoppingCartIcon aria-hidden="true" />
          Add to cart
        </Button>
      }
    />
  );
});

/**
 * Placeholder cards laid out like MarketItemCard, so nothing jumps when the items arrive. Memoized:
 * the grid re-renders as answers arrive, the placeholders stay as they are.
 */
const SkeletonCells = memo(function SkeletonCells({ count }: { count: number }) {
  return Array.from({ length: count }, (_, index) => (
    <Box as="li" key={`skeleton-${index}`} minW="0" aria-hidden="true">
      <Card.Root h="full" bg="bg.panel" borderColor="border" overflow="hidden" borderRadius="l3">
        <Skeleton aspectRatio={{ base: '16 / 9', sm: '4 / 3' }} borderRadius="0" borderBottomWidth="3px" borderColor="transparent" />
        <Stack gap="3" p="4">
          <Box>
            <Skeleton h="3" w="16" />
            <SkeletonText noOfLines={2} gap="2" mt="2" />
          </Box>
          <HStack>
            <Skeleton h="5" w="20" borderRadius="full" />
            <Skeleton h="4" w="24" />
          </HStack>
          <Skeleton h="6" />
          <Skeleton h="4" w="40" />
          <Skeleton h="7" w="24" />
        </Stack>
        <Box px="4" pb="4">
          <Skeleton h="8" borderRadius="l2" />
        </Box>
      </Card.Root>
    </Box>
  ));
});

interface GridMessageProps {
  icon: ReactNode;
  title: string;
  description: string;
  action: ReactNode;
}

function GridMessage({ icon, title, description, action }: GridMessageProps) {
  return (
    <EmptyState.Root bg="bg.panel" borderWidth="1px" borderColor="border" borderRadius="l3" py="16">
      <EmptyState.Content>
        <EmptyState.Indicator color="fg.subtle">{icon}</EmptyState.Indicator>
        <EmptyState.Title as="h2">{title}</EmptyState.Title>
        <EmptyState.Description>{description}</EmptyState.Description>
        {action}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
