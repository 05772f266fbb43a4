/** The Inventory screen's filter panel: the filter fields, how many items show, and 'Clear Filters'. */
import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { InventoryFilterFields } from './InventoryFilterFields';
import { itemCount, type InventoryFilters } from './inventoryFilters';

interface InventoryFilterBarProps {
  filters: InventoryFilters;
  onChange: (change: Partial<InventoryFilters>) => void;
  onClear: () => void;
  shownCount: number;
  totalCount: number;
  /** Whether any filter narrows the list (hasActiveFilters). */
  filtering: boolean;
}

export function InventoryFilterBar({ filters, onChange, onClear, shownCount, totalCount, filtering }: InventoryFilterBarProps) {
  return (
    <Box
      as="section"
      aria-label="Filters"
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      borderRadius="l3"
      p={{ base: '4', md: '5' }}
      mb={{ base: '5', md: '6' }}
    >
      <InventoryFilterFields filters={filters} onChange={onChange} />
      <Flex mt="3" minH="8" align="center" justify="space-between" gap="3" wrap="wrap">
        <Text fontSize="sm" color="fg.muted" aria-live="polite">
          {filtering ? `Showing ${shownCount} of ${itemCount(totalCount)}` : `Showing all ${itemCount(totalCount)}`}
        </Text>
        {filtering ? (
          <Button size="xs" variant="ghost" colorPalette="brand" onClick={onClear}>
            Clear Filters
          </Button>
        ) : null}
      </Flex>
    </Box>
  );
}
