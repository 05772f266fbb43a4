/**
 * Small labels about an item: StatTrak™ and Souvenir (solid, over the picture), its condition
 * (wear) as text, and the reasons it cannot be sold (not tradable, not marketable).
 */
import { Badge, Wrap } from '@chakra-ui/react';
import { BanIcon, LockIcon } from 'lucide-react';
import { ITEM_CLASSES } from './itemStyles';

interface QualityBadgesProps {
  statTrak?: boolean;
  souvenir?: boolean;
}

/** StatTrak™ and Souvenir badges; nothing when the item is neither. Class rules (itemStyles.ts). */
export function QualityBadges({ statTrak = false, souvenir = false }: QualityBadgesProps) {
  if (!statTrak && !souvenir) return null;
  return (
    <div className={ITEM_CLASSES.qualityBadges}>
      {statTrak ? (
        <span className={ITEM_CLASSES.qualityBadge} data-quality="stattrak">
          StatTrak™
        </span>
      ) : null}
      {souvenir ? (
        <span className={ITEM_CLASSES.qualityBadge} data-quality="souvenir">
          Souvenir
        </span>
      ) : null}
    </div>
  );
}

/** The item's wear ('Field-Tested'); items without wear (stickers, vanilla knives) say so. */
export function ConditionLabel({ condition }: { condition: string | null | undefined }) {
  return <span className={ITEM_CLASSES.condition}>{condition ?? 'No wear'}</span>;
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
          <LockIcon aria-hidden="true" />
          Not tradable
        </Badge>
      ) : null}
      {!marketable ? (
        <Badge size="sm" variant="surface" colorPalette="gray" gap="1">
          <BanIcon aria-hidden="true" />
          Not marketable
        </Badge>
      ) : null}
    </Wrap>
  );
}
