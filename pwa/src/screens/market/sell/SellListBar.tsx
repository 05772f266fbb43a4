/**
 * Below the xl breakpoint the Sell List panel sits above the inventory, out of sight once the
 * seller scrolls down the grid: this bar, fixed to the bottom of the screen, keeps the count and
 * total in view and takes them back to the panel.
 */
import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { ListChecksIcon } from 'lucide-react';
import { formatUsd } from '../../../../../shared/money';
import { itemCount } from '../../inventory/inventoryFilters';

interface SellListBarProps {
  count: number;
  totalCents: bigint;
  /** The Sell List panel's element id. */
  panelId: string;
}

export function SellListBar({ count, totalCents, panelId }: SellListBarProps) {
  function handleReview() {
    const panel = document.getElementById(panelId);
    panel?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    panel?.focus({ preventScroll: true });
  }
  return (
    <>
      {/* Room for the bar, so it never covers the last card. */}
      <Box h="20" hideFrom="xl" aria-hidden="true" />
      <Flex
        hideFrom="xl"
        position="fixed"
        insetX="0"
        bottom="0"
        zIndex="docked"
        align="center"
        justify="space-between"
        gap="3"
        px="4"
        py="3"
        bg="bg.panel"
        borderTopWidth="1px"
        borderColor="brand.muted"
        shadow="lg"
      >
        <Text fontSize="sm" fontVariantNumeric="tabular-nums">
          <Text as="span" fontWeight="semibold">
            Sell List: {itemCount(count)}
          </Text>{' '}
          · {formatUsd(totalCents)}
        </Text>
        <Button size="sm" colorPalette="brand" onClick={handleReview}>
          <ListChecksIcon aria-hidden="true" />
          Review
        </Button>
      </Flex>
    </>
  );
}
