/**
 * The Inventory's grid: one shared ItemCard per item. A card opens the Sell tab
 * (/market/sell); its 'List for Sale' opens the 'Sell Item' dialog, for items that can
 * be sold (tradable, marketable, not already in an offer or listing).
 */
import { Badge, Button } from '@chakra-ui/react';
import { TagIcon } from 'lucide-react';
import type { InventoryItem } from '../../../../shared/schemas/inventory';
import { ItemCard, ItemGrid, ItemGridCell, PRIORITY_CARDS, TradabilityBadges } from '../../components/items';
import { SELL_TAB_PATH } from './InventoryHeader';

/** Whether an item can go into a trade offer now. */
export function canBeListed(item: InventoryItem): boolean {
  return item.tradable && item.marketable && !item.listed;
}

/** The 'Listed' corner badge of an item already in an open offer or a live listing. */
export function ListedBadge() {
  return (
    <Badge size="sm" variant="solid" colorPalette="purple" gap="1">
      <TagIcon aria-hidden="true" />
      Listed
    </Badge>
  );
}

interface InventoryGridProps {
  items: InventoryItem[];
  onListForSale: (item: InventoryItem) => void;
}

export function InventoryGrid({ items, onListForSale }: InventoryGridProps) {
  return (
    <ItemGrid label="Inventory items">
      {items.map((item, index) => {
        const listable = canBeListed(item);
        return (
          <ItemGridCell key={item.assetid}>
            <ItemCard
              item={item}
              priority={index < PRIORITY_CARDS}
              link={{ to: SELL_TAB_PATH }}
              cornerBadge={item.listed ? <ListedBadge /> : null}
              details={<TradabilityBadges tradable={item.tradable} marketable={item.marketable} />}
              actions={
                <Button
                  w="full"
                  size="sm"
                  colorPalette="brand"
                  variant={listable ? 'solid' : 'subtle'}
                  disabled={!listable}
                  onClick={() => onListForSale(item)}
                >
                  <TagIcon aria-hidden="true" />
                  List for Sale
                </Button>
              }
            />
          </ItemGridCell>
        );
      })}
    </ItemGrid>
  );
}
