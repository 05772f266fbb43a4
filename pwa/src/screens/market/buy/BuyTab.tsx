/**
 * The Market's Buy tab (filtering, sorting and paging happen on the server:
 * docs/adr/0034-catalogue-query.md). A toolbar with 'Advanced Filters', the sort and the cart; the
 * filter panel; the grid with infinite scroll; the item detail dialog, opened by a card or by a
 * link to one item on sale (`/market?listing=<id>`, as a price alert's notification opens it:
 * the item is read on its own when it is not on the page), with the watchlist's stars for
 * signed-in users.
 *
 * The applied filters are the page URL's search parameters (useMarketFilters) and, normalized, the
 * catalogue query's key, so each filtered view is cached on its own and Back/Forward or a shared
 * link shows the same view.
 */
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Badge, Box, Button, Flex, Heading, HStack, NativeSelect, Spinner, Text } from '@chakra-ui/react';
import { SlidersHorizontalIcon } from 'lucide-react';
import type { MarketItem, MarketSort } from '../../../../../shared/schemas/market';
import { useCart, useAddToCart } from '../../../cart/useCart';
import { LazyPart } from '../../../components/LazyPart';
import { useSkinsInfiniteQuery } from '../../../queries/market';
import { useCurrentUser } from '../../../queries/user';
import { useHydrated } from '../../../useHydrated';
import { Cart } from './Cart';
import { FilterPanel, type FilterPanelOpen } from './FilterPanel';
import { MarketGrid } from './MarketGrid';
import { activeFilterCount, useMarketFilters } from './useMarketFilters';
import type { Stars } from './WatchlistStars';

// Loaded when a first item is opened: the grid paints without the dialog's code.
const ItemDetailDialog = lazy(() => import('./ItemDetailDialog').then((module) => ({ default: module.ItemDetailDialog })));
// Loaded for a signed-in user once the page is interactive: the cards paint without the watchlist's code.
const WatchlistStars = lazy(() => import('./WatchlistStars'));
// Loaded only for a link to one item (`?listing=<id>`, a price alert's).
const LinkedItem = lazy(() => import('./LinkedItem'));

const SORT_OPTIONS: { value: MarketSort; label: string }[] = [
  { value: 'price_desc', label: 'Price: High to Low' },
  { value: 'price_asc', label: 'Price: Low to High' },
  { value: 'name_asc', label: 'Name: A-Z' },
  { value: 'float_asc', label: 'Float: Low to High' },
];

/** Filters start open on wide screens (Chakra's `lg`, which FilterPanel's `wide` uses) and whenever the link carries filters. */
function initiallyOpen(activeCount: number): boolean {
  return activeCount > 0 || (typeof window !== 'undefined' && window.matchMedia?.('(min-width: 64em)').matches === true);
}

/**
 * Whether the filter panel is open. Hydrating the server's HTML (no filters there), it is `wide`,
 * decided by CSS as the HTML was; right after, it follows the screen's width, with no change on
 * screen. Rendered from scratch, it is decided at once.
 */
function useFiltersOpen(activeCount: number) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState<FilterPanelOpen>(() => (hydrated || activeCount > 0 ? initiallyOpen(activeCount) : 'wide'));
  useEffect(() => {
    if (hydrated) setOpen((current) => (current === 'wide' ? initiallyOpen(activeCount) : current));
  }, [hydrated, activeCount]);
  const toggle = useCallback(() => setOpen((current) => !(current === 'wide' ? initiallyOpen(activeCount) : current)), [activeCount]);
  return [open, toggle] as const;
}

export default function BuyTab() {
  const { filters, updateFilters, clearFilters } = useMarketFilters();
  const activeCount = activeFilterCount(filters);
  const [filtersOpen, toggleFilters] = useFiltersOpen(activeCount);
  const [selected, setSelected] = useState<MarketItem | null>(null);
  // The dialog stays mounted after its first use, so it can animate closed.
  const [dialogUsed, setDialogUsed] = useState(false);
  const openItem = useCallback((item: MarketItem) => {
    setDialogUsed(true);
    setSelected(item);
  }, []);
  const cart = useCart();
  const { add, isPending } = useAddToCart();

  const query = useSkinsInfiniteQuery(filters);
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const refreshing = query.isPlaceholderData;
  const { fetchNextPage } = query;
  const loadMore = useCallback(() => fetchNextPage({ cancelRefetch: false }), [fetchNextPage]);

  const { data: user } = useCurrentUser();
  const hydrated = useHydrated();
  const [stars, setStars] = useState<Stars>();

  const [searchParams, setSearchParams] = useSearchParams();
  const linkedId = searchParams.get('listing');
  // Closing a linked item's dialog drops the link, so Back and a reload do not open it again.
  const dropLink = useCallback(() => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('listing');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [setSearchParams]);

  return (
    <Box>
      {/* One row on wide screens; on phones the heading and the cart, then filters and sort. */}
      <Flex align="center" gap="3" wrap="wrap" mb="4">
        <HStack gap="3" minW="0" flex="1" order={1}>
          <Heading as="h2" size="lg" whiteSpace="nowrap">
            Skins for Sale
          </Heading>
          {refreshing ? <Spinner size="sm" color="brand.400" aria-label="Updating results" /> : null}
          {!query.isPending && !refreshing ? (
            <Text fontSize="sm" color="fg.muted" aria-live="polite" hideBelow="sm" truncate>
              {items.length} shown{query.hasNextPage ? ', scroll for more' : ''}
            </Text>
          ) : null}
        </HStack>
        <HStack gap="2" order={{ base: 3, md: 2 }} w={{ base: 'full', md: 'auto' }}>
          <Button
            size="sm"
            flex={{ base: '1', md: 'none' }}
            variant={filtersOpen === 'wide' ? { base: 'outline', lg: 'subtle' } : filtersOpen ? 'subtle' : 'outline'}
            onClick={toggleFilters}
            aria-expanded={filtersOpen === 'wide' ? undefined : filtersOpen}
            aria-controls="market-advanced-filters"
          >
            <SlidersHorizontalIcon aria-hidden="true" />
            Advanced Filters
            {activeCount > 0 ? (
              <Badge size="sm" colorPalette="brand" variant="solid" borderRadius="full">
                {activeCount}
              </Badge>
            ) : null}
          </Button>
          <NativeSelect.Root size="sm" w={{ base: 'auto', md: '44' }} flex={{ base: '1', md: 'none' }}>
            <NativeSelect.Field
              name="sort"
              aria-label="Sort by"
              value={filters.sort}
              onChange={(event) => updateFilters({ sort: event.currentTarget.value as MarketSort })}
            >
              {SORT_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </HStack>
        <Box order={{ base: 2, md: 3 }}>
          <Cart />
        </Box>
      </Flex>

      <FilterPanel open={filtersOpen} filters={filters} onChange={updateFilters} onClear={clearFilters} activeCount={activeCount} />

      <Box opacity={refreshing ? 0.55 : 1} transition="opacity 150ms" aria-busy={refreshing || undefined}>
        <MarketGrid
          items={items}
          loading={query.isPending}
          error={query.isError && !query.isFetchNextPageError ? query.error : null}
          onRetry={() => void query.refetch()}
          hasNextPage={query.hasNextPage && !refreshing}
          isFetching={query.isFetching}
          isFetchingNextPage={query.isFetchingNextPage}
          nextPageFailed={query.isFetchNextPageError}
          fetchNextPage={loadMore}
          onOpen={openItem}
          onAddToCart={add}
          isAdding={isPending}
          watchlist={user ? stars : undefined}
          filtered={activeCount > 0}
          onClearFilters={clearFilters}
          readAt={query.dataUpdatedAt}
        />
      </Box>

      {/* Code that fails to arrive costs the link or the stars, not the market (LazyPart). */}
      {linkedId !== null && hydrated ? (
        <LazyPart name="The linked item">
          <LinkedItem id={linkedId} items={items} onFound={openItem} onGone={dropLink} />
        </LazyPart>
      ) : null}

      {user && hydrated ? (
        <LazyPart name="The watchlist's stars">
          <WatchlistStars onChange={setStars} />
        </LazyPart>
      ) : null}

      {dialogUsed ? (
        <Suspense fallback={null}>
          <ItemDetailDialog
            item={selected}
            onClose={() => {
              setSelected(null);
              if (linkedId !== null) dropLink();
            }}
            onAddToCart={add}
            adding={selected ? isPending(selected.id) : false}
            inCart={selected ? cart.some((entry) => entry.id === selected.id) : false}
          />
        </Suspense>
      ) : null}
    </Box>
  );
}
