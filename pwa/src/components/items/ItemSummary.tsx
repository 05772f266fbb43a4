/**
 * An item in one row: thumbnail, name, rarity badge, condition and float. The head of the sell
 * dialogs and, compact, a line of the Sell List.
 */
import { type ReactNode } from 'react';
import { Box, HStack, Text, Wrap } from '@chakra-ui/react';
import { formatFloatValue } from '../../../../shared/format';
import type { ItemCardItem } from './ItemCard';
import { ItemThumbnail } from './ItemImage';
import { RarityBadge } from './RarityBadge';

interface ItemSummaryProps {
  item: ItemCardItem;
  /** Thumbnail side as a size token; 16 (64 px) by default. */
  thumbnailSize?: string;
  /** Shown at the end of the row (a price, a remove button). */
  end?: ReactNode;
  /** Panel background and border (dialog head); plain for list rows. */
  framed?: boolean;
}

export function ItemSummary({ item, thumbnailSize = '16', end, framed = false }: ItemSummaryProps) {
  return (
    <HStack
      gap="3"
      align="center"
      {...(framed ? { p: '3', bg: 'bg.muted', borderRadius: 'l2', borderWidth: '1px', borderColor: 'border' } : {})}
    >
      <ItemThumbnail name={item.name} imageUrl={item.imageUrl} rarity={item.rarity} size={thumbnailSize} />
      <Box minW="0" flex="1">
        <Text fontWeight="semibold" lineClamp={2} title={item.name}>
          {item.name}
        </Text>
        <Wrap gap="2" mt="1" align="center">
          <RarityBadge rarity={item.rarity} />
          <Text fontSize="sm" color="fg.muted">
            {item.condition ?? 'No wear'} · Float {formatFloatValue(item.float)}
          </Text>
        </Wrap>
      </Box>
      {end}
    </HStack>
  );
}
