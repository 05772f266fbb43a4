/**
 * The responsive grid of item cards (a named list, one card per list item) and its loading
 * skeleton. 1 column on phones, then 2, 3 and 4 as the width allows; `columns` overrides it (the
 * Sell tab's grid sits beside the Sell List panel and wants fewer).
 */
import { type ReactNode } from 'react';
import { Card, HStack, SimpleGrid, Skeleton, SkeletonText, type SimpleGridProps } from '@chakra-ui/react';
import { ITEM_CLASSES } from './itemStyles';

const DEFAULT_COLUMNS: SimpleGridProps['columns'] = { base: 1, sm: 2, lg: 3, xl: 4 };

interface ItemGridProps {
  /** The list's accessible name, e.g. 'Inventory items'. */
  label: string;
  columns?: SimpleGridProps['columns'];
  children: ReactNode;
}

export function ItemGrid({ label, columns = DEFAULT_COLUMNS, children }: ItemGridProps) {
  return (
    <SimpleGrid as="ul" role="list" aria-label={label} listStyleType="none" columns={columns} gap={{ base: '4', md: '5' }}>
      {children}
    </SimpleGrid>
  );
}

/** One cell of an ItemGrid (its rule is in itemStyles.ts). */
export function ItemGridCell({ children }: { children: ReactNode }) {
  return <li className={ITEM_CLASSES.gridCell}>{children}</li>;
}

interface ItemGridSkeletonProps {
  count?: number;
  columns?: SimpleGridProps['columns'];
}

/** Placeholder cards while items load; hidden from assistive technology (the screen says it is busy). */
export function ItemGridSkeleton({ count = 8, columns = DEFAULT_COLUMNS }: ItemGridSkeletonProps) {
  return (
    <SimpleGrid columns={columns} gap={{ base: '4', md: '5' }} aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <Card.Root key={index} bg="bg.panel" borderColor="border" overflow="hidden">
          <Skeleton aspectRatio={{ base: '16 / 9', sm: '4 / 3' }} borderRadius="0" />
          <Card.Body gap="3" p="4">
            <Skeleton h="3" w="16" />
            <SkeletonText noOfLines={2} gap="2" />
            <HStack>
              <Skeleton h="5" w="20" borderRadius="full" />
              <Skeleton h="4" w="24" />
            </HStack>
            <Skeleton h="4" />
            <Skeleton h="8" mt="2" borderRadius="l2" />
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}
