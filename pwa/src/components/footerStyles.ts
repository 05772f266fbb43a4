/**
 * The site footer's styles, as class rules in the design system's global styles (theme.ts), as
 * for the item cards (items/itemStyles.ts): every page draws the footer and hydrates it, and as
 * style props its two dozen elements each cost a style computation on a phone's start; as rules
 * they are computed at build time and carried by every page the build writes.
 */
import { defineGlobalStyles } from '@chakra-ui/react';

export const FOOTER_CLASSES = {
  footer: 'site-footer',
  container: 'site-footer-container',
  grid: 'site-footer-grid',
  about: 'site-footer-about',
  aboutText: 'site-footer-about-text',
  groupTitle: 'site-footer-group-title',
  links: 'site-footer-links',
  link: 'site-footer-link',
  legal: 'site-footer-legal',
} as const;

const c = FOOTER_CLASSES;

export const footerGlobalCss = defineGlobalStyles({
  // Below the fold on every page (main is at least a screen tall): not styled, laid out or painted
  // until it nears the viewport, at about its own height held meanwhile.
  [`.${c.footer}`]: {
    mt: 'auto',
    bg: 'bg.subtle',
    borderTopWidth: '1px',
    borderColor: 'border',
    contentVisibility: 'auto',
    containIntrinsicSize: { base: 'auto 700px', md: 'auto 500px', lg: 'auto 350px' },
  },
  [`.${c.container}`]: {
    position: 'relative',
    w: '100%',
    maxW: '7xl',
    mx: 'auto',
    px: { base: '4', md: '6' },
    pt: { base: '10', md: '14' },
    pb: '8',
  },
  [`.${c.grid}`]: {
    display: 'grid',
    gridTemplateColumns: { base: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', lg: '1.6fr repeat(3, 1fr)' },
    gap: { base: '8', md: '10' },
  },
  [`.${c.about}`]: {
    display: 'flex',
    flexDirection: 'column',
    gap: '4',
    gridColumn: { base: '1 / -1', lg: 'auto' },
    maxW: { lg: 'sm' },
  },
  [`.${c.aboutText}`]: { color: 'fg.muted', fontSize: 'sm', lineHeight: 'tall' },
  [`.${c.groupTitle}`]: {
    fontFamily: 'heading',
    fontSize: 'xs',
    // The line of Chakra's default heading (textStyle xl), which the titles had as Headings.
    lineHeight: '1.875rem',
    fontWeight: 'semibold',
    letterSpacing: 'wider',
    textTransform: 'uppercase',
    color: 'fg',
    mb: '4',
  },
  [`.${c.links}`]: { display: 'flex', flexDirection: 'column', gap: '3', listStyleType: 'none' },
  [`.${c.link}`]: {
    color: 'fg.muted',
    fontSize: 'sm',
    borderRadius: 'l1',
    transition: 'color 150ms',
    _hover: { color: 'brand.300' },
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.400', outlineOffset: '2px' },
  },
  [`.${c.legal}`]: { display: 'flex', flexDirection: 'column', gap: '3', fontSize: 'xs', color: 'fg.subtle' },
});
