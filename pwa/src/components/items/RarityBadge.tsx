/**
 * The rarity of an item as a small badge in the tier's colour. Rarity 'unknown' shows no badge
 * (spec: landing skin card); other values outside the list show in the default grey.
 */
import { Badge, Box } from '@chakra-ui/react';
import { rarityToken } from '../../theme';
import { rarityCssVar, rarityLabel } from './rarity';

/** A round mark in a rarity's colour (badges, filter options). Decorative. */
export function RarityDot({ rarity }: { rarity: string }) {
  return <Box as="span" boxSize="2.5" borderRadius="full" bg={rarityToken(rarity)} flexShrink={0} aria-hidden="true" />;
}

interface RarityBadgeProps {
  /** The item's rarity as the API gives it ('covert', 'mil-spec', …). */
  rarity: string;
}

export function RarityBadge({ rarity }: RarityBadgeProps) {
  if (rarity === 'unknown') return null;
  const colour = rarityCssVar(rarity);
  return (
    <Badge
      size="sm"
      gap="1.5"
      css={{
        // Tints of the game's colour: the pure colours (mil-spec blue, restricted purple) are too
        // dark for small text on the dark panel; mixed with white they pass WCAG AA there.
        color: `color-mix(in srgb, ${colour} 62%, white)`,
        background: `color-mix(in srgb, ${colour} 16%, transparent)`,
        boxShadow: `inset 0 0 0 1px color-mix(in srgb, ${colour} 45%, transparent)`,
      }}
    >
      <RarityDot rarity={rarity} />
      {rarityLabel(rarity)}
    </Badge>
  );
}
