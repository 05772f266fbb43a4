/**
 * Inventory (/inventory, 'Your Arsenal'): the signed-in user's CS2 items as Steam reports them, with
 * Refresh, 'Start Selling', five client-side filters (the whole inventory is already loaded) and a
 * card per item. A card opens the Sell tab; its 'List for Sale' opens the 'Sell Item' dialog, which
 * sends a trade offer for the item. Visitors get 'Authentication Required'.
 */
import { useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { Box, Heading } from '@chakra-ui/react';
import type { InventoryItem } from '../../../../shared/schemas/inventory';
import { ApiError, isUnauthorized } from '../../api/client';
import { AuthRequired } from '../../components/AuthRequired';
import { ItemGridSkeleton } from '../../components/items';
import { OfflineMarker } from '../../components/OfflineMarker';
import { toaster } from '../../components/toaster';
import { useInventoryQuery, useRefreshInventoryMutation } from '../../queries/inventory';
import { useDeferredQueryState } from '../../queries/useDeferredQueryState';
import { useCurrentUser, type User } from '../../queries/user';
import { InventoryFilterBar } from './InventoryFilterBar';
import { filterItems, hasActiveFilters, itemCount, NO_FILTERS, type InventoryFilters } from './inventoryFilters';
import { InventoryGrid } from './InventoryGrid';
import { InventoryHeader } from './InventoryHeader';
import { EmptyInventory, InventoryUnavailable, NoFilterMatches, SignInCheckFailed } from './InventoryMessages';
import { SellItemDialog } from './SellItemDialog';

const NETWORK_HINT = 'Please check your connection and try again.';
/**
 * One toast for every refresh outcome, so a new answer replaces the last instead of queueing; the
 * update merges into the shown toast, so each call sets `description`.
 */
const REFRESH_TOAST_ID = 'inventory-refresh';

export default function InventoryScreen() {
  const userQuery = useCurrentUser();
  // The view mounts in a background pass once the session check answers (useDeferredQueryState.ts).
  const { data: user, isPending, isError } = useDeferredQueryState(userQuery);
  const { refetch, isRefetching } = userQuery;

  if (isPending) {
    return (
      <Box aria-busy="true">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em" mb={{ base: '6', md: '8' }}>
          Your Arsenal
        </Heading>
        <ItemGridSkeleton />
      </Box>
    );
  }
  if (isError) {
    return <SignInCheckFailed headingLevel="h1" title="Inventory not available" onRetry={() => void refetch()} retrying={isRefetching} />;
  }
  if (!user) {
    return <AuthRequired description="Please sign in with your Steam account to see your inventory and sell your skins." />;
  }
  return <InventoryView user={user} />;
}

function InventoryView({ user }: { user: User }) {
  const inventoryQuery = useInventoryQuery();
  // The grid renders in a background pass once the inventory arrives (useDeferredQueryState.ts).
  const inventory = useDeferredQueryState(inventoryQuery);
  const refresh = useRefreshInventoryMutation();
  const [filters, setFilters] = useState<InventoryFilters>(NO_FILTERS);
  const deferredFilters = useDeferredValue(filters);
  const [sellItem, setSellItem] = useState<InventoryItem | null>(null);
  const [sellOpen, setSellOpen] = useState(false);

  const items = useMemo(() => inventory.data?.items ?? [], [inventory.data]);
  const shown = useMemo(() => filterItems(items, deferredFilters), [items, deferredFilters]);
  const filtering = hasActiveFilters(filters);

  function handleFilterChange(change: Partial<InventoryFilters>) {
    setFilters((current) => ({ ...current, ...change }));
  }

  function handleClearFilters() {
    setFilters(NO_FILTERS);
  }

  function handleRefresh() {
    refresh.mutate(undefined, {
      onSuccess: (answer) => {
        toaster.create({
          id: REFRESH_TOAST_ID,
          title: 'Inventory refreshed',
          description: answer.private ? 'Steam reports your inventory as private.' : `${itemCount(answer.items.length)} loaded from Steam.`,
          type: 'success',
        });
      },
      onError: (error) => {
        if (isUnauthorized(error)) return; // the query client signs the user out: 'Authentication Required'
        if (error instanceof ApiError && error.status === 429) {
          toaster.create({ id: REFRESH_TOAST_ID, title: error.detail, description: undefined, type: 'warning' });
          return;
        }
        toaster.create({
          id: REFRESH_TOAST_ID,
          title: 'Could not refresh your inventory',
          description: error instanceof ApiError ? error.detail : NETWORK_HINT,
          type: 'error',
        });
      },
    });
  }

  function handleListForSale(item: InventoryItem) {
    setSellItem(item);
    setSellOpen(true);
  }

  let content: ReactNode;
  if (inventory.isPending) {
    content = <ItemGridSkeleton />;
  } else if (inventory.isError && !inventory.data) {
    content = <InventoryUnavailable onRetry={() => void inventoryQuery.refetch()} retrying={inventoryQuery.isFetching} />;
  } else if (items.length === 0) {
    content = <EmptyInventory isPrivate={inventory.data?.private ?? false} onRefresh={handleRefresh} refreshing={refresh.isPending} />;
  } else if (shown.length === 0) {
    content = <NoFilterMatches onClear={handleClearFilters} />;
  } else {
    content = <InventoryGrid items={shown} onListForSale={handleListForSale} />;
  }

  return (
    <Box>
      <OfflineMarker dataset="inventory" />
      <InventoryHeader
        count={inventory.data ? items.length : null}
        fetchedAt={inventory.data?.fetchedAt}
        refreshing={refresh.isPending}
        onRefresh={handleRefresh}
      />
      {items.length > 0 ? (
        <InventoryFilterBar
          filters={filters}
          onChange={handleFilterChange}
          onClear={handleClearFilters}
          shownCount={shown.length}
          totalCount={items.length}
          filtering={filtering}
        />
      ) : null}
      {content}
      <SellItemDialog item={sellItem} open={sellOpen} onOpenChange={setSellOpen} user={user} />
    </Box>
  );
}
