/**
 * 'Your Inventory' on the Sell tab: the filter toggle (search, weapon, rarity, condition, StatTrak
 * all/yes/no; the Inventory screen's filter logic), 'Clear Filters', the count of shown items and
 * the cards, each with 'Set Price', or why the item cannot be sold.
 */
import { useDeferredValue, useId, useMemo, useState, type ReactNode } from 'react';
import { Badge, Box, Button, Collapsible, Flex, Heading, HStack, Text } from '@chakra-ui/react';
import { ListChecksIcon, SlidersHorizontalIcon, TagIcon } from 'lucide-react';
import type { InventoryItem } from '../../../../../shared/schemas/inventory';
import { ItemCard, ItemGrid, ItemGridCell, ItemGridSkeleton, PRIORITY_CARDS, TradabilityBadges } from '../../../components/items';
import { useInventoryQuery } from '../../../queries/inventory';
import { InventoryFilterFields } from '../../inventory/InventoryFilterFields';
import { filterItems, hasActiveFilters, itemCount, NO_FILTERS, type InventoryFilters } from '../../inventory/inventoryFilters';
import { ListedBadge } from '../../inventory/InventoryGrid';
import { EmptyInventory, InventoryUnavailable, NoFilterMatches } from '../../inventory/InventoryMessages';
import { REFUSAL_LABELS, sellListRefusal, type SellListEntry } from './sellList';

/** Beside the Sell List panel on wide screens the grid has less room than the Inventory's. */
const GRID_COLUMNS = { base: 1, sm: 2, md: 3, lg: 2, xl: 2, '2xl': 3 } as const;

interface SellInventoryProps {
  sellList: SellListEntry[];
  onSetPrice: (item: InventoryItem) => void;
}

export function SellInventory({ sellList, onSetPrice }: SellInventoryProps) {
  const inventory = useInventoryQuery();
  const [filters, setFilters] = useState<InventoryFilters>(NO_FILTERS);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const deferredFilters = useDeferredValue(filters);
  const headingId = useId();

  const items = useMemo(() => inventory.data?.items ?? [], [inventory.data]);
  const shown = useMemo(() => filterItems(items, deferredFilters), [items, deferredFilters]);
  const filtering = hasActiveFilters(filters);

  let content: ReactNode;
  if (inventory.isPending) {
    content = <ItemGridSkeleton count={6} columns={GRID_COLUMNS} />;
  } else if (inventory.isError && !inventory.data) {
    content = <InventoryUnavailable headingLevel="h3" onRetry={() => void inventory.refetch()} retrying={inventory.isFetching} />;
  } else if (items.length === 0) {
    content = <EmptyInventory isPrivate={inventory.data?.private ?? false} onRefresh={() => void inventory.refetch()} refreshing={inventory.isFetching} />;
  } else if (shown.length === 0) {
    content = <NoFilterMatches headingLevel="h3" onClear={() => setFilters(NO_FILTERS)} />;
  } else {
    content = (
      <ItemGrid label="Your inventory items" columns={GRID_COLUMNS}>
        {shown.map((item, index) => (
          <ItemGridCell key={item.assetid}>
            <SellItemCard item={item} priority={index < PRIORITY_CARDS} sellList={sellList} onSetPrice={onSetPrice} />
          </ItemGridCell>
        ))}
      </ItemGrid>
    );
  }

  return (
    <Box as="section" aria-labelledby={headingId}>
      <Flex align={{ base: 'stretch', sm: 'center' }} direction={{ base: 'column', sm: 'row' }} justify="space-between" gap="3" mb="4">
        <Box>
          <Heading as="h2" id={headingId} size="lg">
            Your Inventory
          </Heading>
          <Text fontSize="sm" color="fg.muted" aria-live="polite" data-testid="sell-shown-count">
            {inventory.data ? (filtering ? `Showing ${shown.length} of ${itemCount(items.length)}` : `Showing ${itemCount(items.length)}`) : 'Loading your Steam items...'}
          </Text>
        </Box>
        <HStack gap="2">
          <Button
            size="sm"
            variant="outline"
            borderColor={filtersOpen ? 'brand.muted' : 'border.emphasized'}
            onClick={() => setFiltersOpen((open) => !open)}
            aria-expanded={filtersOpen}
            flex={{ base: '1', sm: 'initial' }}
          >
            <SlidersHorizontalIcon aria-hidden="true" />
            {filtersOpen ? 'Hide Filters' : 'Show Filters'}
            {filtering ? (
              <Badge size="xs" colorPalette="brand" variant="solid" aria-label="filters active">
                on
              </Badge>
            ) : null}
          </Button>
          <Button size="sm" variant="ghost" colorPalette="brand" onClick={() => setFilters(NO_FILTERS)} disabled={!filtering} flex={{ base: '1', sm: 'initial' }}>
            Clear Filters
          </Button>
        </HStack>
      </Flex>
      <Collapsible.Root open={filtersOpen} lazyMount>
        <Collapsible.Content>
          <Box as="section" aria-label="Filters" bg="bg.panel" borderWidth="1px" borderColor="border" borderRadius="l3" p="4" mb="5">
            <InventoryFilterFields layout="narrow" filters={filters} onChange={(change) => setFilters((current) => ({ ...current, ...change }))} />
          </Box>
        </Collapsible.Content>
      </Collapsible.Root>
      {content}
    </Box>
  );
}

interface SellItemCardProps {
  item: InventoryItem;
  /** In the grid's first row: its picture loads at once. */
  priority: boolean;
  sellList: SellListEntry[];
  onSetPrice: (item: InventoryItem) => void;
}

function SellItemCard({ item, priority, sellList, onSetPrice }: SellItemCardProps) {
  const refusal = sellListRefusal(sellList, item);
  const inList = sellList.some((entry) => entry.assetid === item.assetid);
  let cornerBadge: ReactNode = null;
  if (inList) {
    cornerBadge = (
      <Badge size="sm" variant="solid" colorPalette="brand" gap="1">
        <ListChecksIcon aria-hidden="true" />
        In Sell List
      </Badge>
    );
  } else if (item.listed) {
    cornerBadge = <ListedBadge />;
  }
  return (
    <ItemCard
      item={item}
      priority={priority}
      cornerBadge={cornerBadge}
      details={<TradabilityBadges tradable={item.tradable} marketable={item.marketable} />}
      actions={
        refusal === null ? (
          <Button w="full" size="sm" colorPalette="brand" onClick={() => onSetPrice(item)}>
            <TagIcon aria-hidden="true" />
            Set Price
          </Button>
        ) : (
          <Button w="full" size="sm" variant="subtle" disabled>
            {REFUSAL_LABELS[refusal]}
          </Button>
        )
      }
    />
  );
}
