/**
 * Small labels about an item: StatTrak™ and Souvenir (solid, over the picture), its condition
 * (wear) as text, and the reasons it cannot be sold (not tradable, not marketable).
 */
import { Badge, HStack, Text, Wrap } from '@chakra-ui/react';
import { LuBan, LuLock } from 'react-icons/lu';

interface QualityBadgesProps {
  statTrak?: boolean;
  souvenir?: boolean;
}

/** StatTrak™ and Souvenir badges; nothing when the item is neither. */
export function QualityBadges({ statTrak = false, souvenir = false }: QualityBadgesProps) {
  if (!statTrak && !souvenir) return null;
  return (
    <HStack gap="1.5">
      {statTrak ? (
        <Badge size="sm" variant="solid" colorPalette="orange" fontWeight="bold">
          StatTrak™
        </Badge>
      ) : null}
      {souvenir ? (
        <Badge size="sm" variant="solid" colorPalette="yellow" fontWeight="bold">
          Souvenir
        </Badge>
      ) : null}
    </HStack>
  );
}

/** The item's wear ('Field-Tested'); items without wear (stickers, vanilla knives) say so. */
export function ConditionLabel({ condition }: { condition: string | null | undefined }) {
  return (
    <Text as="span" fontSize="sm" color="fg.muted">
      {condition ?? 'No wear'}
    </Text>
  );
}

interface TradabilityBadgesProps {
  tradable: boolean;
  marketable: boolean;
}

/** 'Not tradable' / 'Not marketable' for an inventory item that cannot be sold; nothing otherwise. */
export function TradabilityBadges({ tradable, marketable }: TradabilityBadgesProps) {
  if (tradable && marketable) return null;
  return (
    <Wrap gap="1.5">
      {!tradable ? (
        <Badge size="sm" variant="surface" colorPalette="red" gap="1">
          <LuLock aria-hidden="true" />
          Not tradable
        </Badge>
      ) : null}
      {!marketable ? (
        <Badge size="sm" variant="surface" colorPalette="gray" gap="1">
          <LuBan aria-hidden="true" />
          Not marketable
        </Badge>
      ) : null}
    </Wrap>
  );
}
