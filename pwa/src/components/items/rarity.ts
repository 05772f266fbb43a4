/**
 * Display names and CSS colours of the rarity tiers, for the item components and the rarity
 * filters. The colours themselves are the game's (shared/constants.ts RARITY_COLORS, exposed as the
 * theme's `rarity.*` tokens); a value outside the list gets the default grey.
 */
import type { CSSProperties } from 'react';
import { RARITIES, type Rarity } from '../../../../shared/constants';
import { rarityToken } from '../../theme';
import { RARITY_PROPERTY } from './itemStyles';

export const RARITY_LABELS: Record<Rarity, string> = {
  'consumer grade': 'Consumer Grade',
  'industrial grade': 'Industrial Grade',
  'mil-spec': 'Mil-Spec',
  restricted: 'Restricted',
  classified: 'Classified',
  covert: 'Covert',
  contraband: 'Contraband',
  unknown: 'Unknown',
};

export function isKnownRarity(rarity: string): rarity is Rarity {
  return (RARITIES as readonly string[]).includes(rarity);
}

/** 'Mil-Spec' for 'mil-spec'; a value outside the list is shown as it came. */
export function rarityLabel(rarity: string): string {
  return isKnownRarity(rarity) ? RARITY_LABELS[rarity] : rarity;
}

/** The CSS variable of a rarity's colour, for `color-mix()` tints in `css` props. */
export function rarityCssVar(rarity: string): string {
  return `var(--chakra-colors-${rarityToken(rarity).replace('.', '-')})`;
}

/** The inline style giving an element's class rules (itemStyles.ts) the rarity's colour. */
export function rarityStyle(rarity: string): CSSProperties {
  return { [RARITY_PROPERTY]: rarityCssVar(rarity) } as CSSProperties;
}
