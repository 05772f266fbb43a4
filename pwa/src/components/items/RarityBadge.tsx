/**
 * The rarity of an item as a small badge in the tier's colour. Rarity 'unknown' shows no badge;
 * other values outside the list show in the default grey.
 */
import { ITEM_CLASSES } from './itemStyles';
import { rarityLabel, rarityStyle } from './rarity';

/** A round mark in a rarity's colour (badges, filter options). Decorative. */
export function RarityDot({ rarity }: { rarity: string }) {
  return <span className={ITEM_CLASSES.rarityDot} style={rarityStyle(rarity)} aria-hidden="true" />;
}

interface RarityBadgeProps {
  /** The item's rarity as the API gives it ('covert', 'mil-spec', …). */
  rarity: string;
}

/** Class rules (itemStyles.ts), as every card draws one. */
export function RarityBadge({ rarity }: RarityBadgeProps) {
  if (rarity === 'unknown') return null;
  return (
    <span className={ITEM_CLASSES.rarityBadge} style={rarityStyle(rarity)}>
      <RarityDot rarity={rarity} />
      {rarityLabel(rarity)}
    </span>
  );
}
