/**
 * The item components' styles, as class rules in the design system's global styles (theme.ts)
 * rather than style props.
 *
 * A market page draws 18 cards of about 30 elements each, and every styled Chakra element costs a
 * style computation when it renders (resolve the props, hash them, look the class up, insert it on
 * first sight): on a phone that was the largest part of the market's first render. As class rules
 * the styles are computed once, at build time: every page the build writes carries the global
 * styles (prerender/styles.ts), so a card is plain elements with class names. The emotion docs
 * give the same advice for many instances of one component.
 *
 * Values are the design system's tokens, so the rules follow the theme. Per-item values (the
 * rarity's colour, the float marker's position) come in as inline custom properties or styles.
 */
import { defineGlobalStyles } from '@chakra-ui/react';

/** The class names, in one place for the components and the rules. */
export const ITEM_CLASSES = {
  gridCell: 'item-grid-cell',
  card: 'item-card',
  cardBody: 'item-card-body',
  cardTitle: 'item-card-title',
  cardKind: 'item-card-kind',
  cardName: 'item-card-name',
  cardOverlay: 'item-card-overlay',
  cardTags: 'item-card-tags',
  cardNote: 'item-card-note',
  cardPrice: 'item-card-price',
  cardActions: 'item-card-actions',
  picture: 'item-picture',
  pictureImage: 'item-picture-image',
  picturePlaceholder: 'item-picture-placeholder',
  pictureStart: 'item-picture-start',
  pictureEnd: 'item-picture-end',
  qualityBadges: 'item-quality-badges',
  qualityBadge: 'item-quality-badge',
  rarityBadge: 'item-rarity-badge',
  rarityDot: 'item-rarity-dot',
  condition: 'item-condition',
  floatHead: 'item-float-head',
  floatLabel: 'item-float-label',
  floatValue: 'item-float-value',
  floatBar: 'item-float-bar',
  floatMark: 'item-float-mark',
  priceLabel: 'item-price-label',
  priceAmount: 'item-price-amount',
} as const;

/** The custom property carrying an item's rarity colour (a `var(--chakra-colors-rarity-*)`). */
export const RARITY_PROPERTY = '--item-rarity';

const c = ITEM_CLASSES;
const rarity = `var(${RARITY_PROPERTY})`;

/** Chakra's small badge (badge recipe, size sm), which the rarity and quality badges looked like. */
const smallBadge = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  borderRadius: 'l2',
  fontWeight: 'medium',
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
  userSelect: 'none',
  textStyle: 'xs',
  px: '1.5',
  minH: '5',
} as const;

/** A link or button covering the whole card (Chakra's LinkBox/LinkOverlay pattern). */
const overlay = {
  position: 'static',
  textAlign: 'start',
  cursor: 'pointer',
  font: 'inherit',
  color: 'inherit',
  _focusVisible: { outline: 'none' },
  _before: { content: '""', cursor: 'inherit', display: 'block', position: 'absolute', inset: '0', zIndex: '0' },
} as const;

export const itemGlobalCss = defineGlobalStyles({
  // A card off screen is not styled, laid out or painted until it comes near the viewport; until
  // then it holds a card's usual height (441-540 px from 360 to 1600 px wide), then its own.
  [`.${c.gridCell}`]: { minW: '0', contentVisibility: 'auto', containIntrinsicSize: 'auto 480px' },
  [`.${c.card}`]: {
    position: 'relative',
    h: 'full',
    display: 'flex',
    flexDirection: 'column',
    bg: 'bg.panel',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'l3',
    overflow: 'hidden',
    transition: 'border-color 150ms, transform 150ms, box-shadow 150ms',
    '&[data-clickable]:hover': { borderColor: 'border.emphasized', transform: 'translateY(-2px)', shadow: 'lg' },
    '&:has(a:focus-visible, button:focus-visible)': { outline: '2px solid', outlineColor: 'brand.400', outlineOffset: '2px' },
    '@media (prefers-reduced-motion: reduce)': { transition: 'none', '&:hover': { transform: 'none' } },
  },
  [`.${c.cardBody}`]: { display: 'flex', flexDirection: 'column', gap: '3', p: '4', flex: '1' },
  [`.${c.cardTitle}`]: { minW: '0' },
  [`.${c.cardKind}`]: { fontSize: 'xs', color: 'fg.subtle', fontWeight: 'semibold', textTransform: 'uppercase', letterSpacing: 'wider' },
  [`.${c.cardName}`]: {
    fontFamily: 'heading',
    fontWeight: 'semibold',
    fontSize: 'sm',
    lineHeight: 'short',
    lineClamp: '2',
    mt: '0.5',
  },
  [`.${c.cardOverlay}`]: overlay,
  [`.${c.cardTags}`]: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' },
  [`.${c.cardNote}`]: {
    display: 'flex',
    alignItems: 'center',
    gap: '1.5',
    fontSize: 'xs',
    color: 'fg.subtle',
    '& > p': { lineClamp: '1' },
  },
  [`.${c.cardPrice}`]: { mt: 'auto' },
  // Above the card's overlay, so the buttons get their own clicks.
  [`.${c.cardActions}`]: { px: '4', pb: '4', position: 'relative', zIndex: '1' },

  [`.${c.picture}`]: {
    position: 'relative',
    aspectRatio: { base: '16 / 9', sm: '4 / 3' },
    borderBottomWidth: '3px',
    borderBottomColor: rarity,
    background: `radial-gradient(ellipse at 50% 60%, color-mix(in srgb, ${rarity} 24%, transparent), transparent 70%), var(--chakra-colors-bg-subtle)`,
  },
  // Out of the flow, so the picture's own size never stretches the box's aspect ratio.
  [`.${c.pictureImage}`]: {
    position: 'absolute',
    inset: '0',
    w: 'full',
    h: 'full',
    objectFit: 'contain',
    p: { base: '4', md: '5' },
    filter: 'drop-shadow(0 10px 14px rgba(0, 0, 0, 0.45))',
  },
  [`.${c.picturePlaceholder}`]: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    h: 'full',
    px: '6',
    textAlign: 'center',
    '& > p': { fontSize: 'sm', fontWeight: 'semibold', color: 'fg.muted', lineClamp: '3' },
  },
  [`.${c.pictureStart}`]: { position: 'absolute', top: '2.5', insetStart: '2.5' },
  // Above the card's overlay link or button, so a control in the corner (the market's star) takes its own clicks.
  [`.${c.pictureEnd}`]: { position: 'absolute', top: '2.5', insetEnd: '2.5', zIndex: '1' },

  [`.${c.qualityBadges}`]: { display: 'flex', alignItems: 'center', gap: '1.5' },
  [`.${c.qualityBadge}`]: {
    ...smallBadge,
    fontWeight: 'bold',
    '&[data-quality=stattrak]': { bg: 'orange.solid', color: 'orange.contrast' },
    '&[data-quality=souvenir]': { bg: 'yellow.solid', color: 'yellow.contrast' },
  },
  // Tints of the game's colour: the pure colours (mil-spec blue, restricted purple) are too dark
  // for small text on the dark panel; mixed with white they pass WCAG AA there.
  [`.${c.rarityBadge}`]: {
    ...smallBadge,
    gap: '1.5',
    color: `color-mix(in srgb, ${rarity} 62%, white)`,
    background: `color-mix(in srgb, ${rarity} 16%, transparent)`,
    boxShadow: `inset 0 0 0 1px color-mix(in srgb, ${rarity} 45%, transparent)`,
  },
  [`.${c.rarityDot}`]: { display: 'inline-block', boxSize: '2.5', borderRadius: 'full', bg: rarity, flexShrink: '0' },
  [`.${c.condition}`]: { fontSize: 'sm', color: 'fg.muted' },

  [`.${c.floatHead}`]: { display: 'flex', justifyContent: 'space-between', fontSize: 'xs' },
  [`.${c.floatLabel}`]: { color: 'fg.subtle' },
  [`.${c.floatValue}`]: { fontFamily: 'mono', color: 'fg', fontVariantNumeric: 'tabular-nums', '&[data-none]': { color: 'fg.subtle' } },
  [`.${c.floatBar}`]: {
    position: 'relative',
    h: '1',
    mt: '1.5',
    borderRadius: 'full',
    backgroundImage: 'linear-gradient(to right, var(--chakra-colors-green-500), var(--chakra-colors-yellow-400), var(--chakra-colors-red-500))',
    opacity: '0.85',
    '&[data-none]': { opacity: '0.2' },
  },
  [`.${c.floatMark}`]: {
    position: 'absolute',
    top: '-1',
    w: '1',
    h: '3',
    transform: 'translateX(-50%)',
    borderRadius: 'full',
    bg: 'white',
    shadow: 'sm',
  },

  [`.${c.priceLabel}`]: { fontSize: 'xs', color: 'fg.subtle' },
  [`.${c.priceAmount}`]: { fontSize: 'lg', fontWeight: 'bold', color: 'brand.fg', fontVariantNumeric: 'tabular-nums' },
});
