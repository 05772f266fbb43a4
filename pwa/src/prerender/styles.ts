/**
 * The styles prerendered pages carry (written by entry.tsx) and the browser's style cache that
 * continues from them.
 *
 * The style elements are marked with an attribute of our own, not emotion's `data-emotion`: emotion
 * adopts elements it recognises by moving each to the end of the head, and the browser then parses
 * that sheet again and restyles the whole page, on a phone a long task right as the app starts.
 * Instead the browser's cache is told which classes the page already has (so it does not insert
 * them again) and leaves the elements where they are; the design system's global styles are not
 * inserted a second time either (`providerSystem` in theme.ts).
 */
import createCache, { type EmotionCache } from '@emotion/cache';

/** `global` on the global styles' elements; on the classes' element, the cache key then the class ids. */
export const PRERENDERED_STYLES_ATTRIBUTE = 'data-prerendered-styles';

/** The emotion key, so class names read `css-<id>` as in emotion's default. */
export const STYLE_KEY = 'css';

/** Chakra's token layer, which only the global styles define. */
const TOKEN_LAYER = '@layer tokens';

/** Whether the page carries the design system's global styles: true of every page the build writes. */
export function hasPrerenderedGlobals(doc: Document): boolean {
  return Array.from(doc.querySelectorAll(`style[${PRERENDERED_STYLES_ATTRIBUTE}="global"]`)).some((style) => style.textContent?.includes(TOKEN_LAYER));
}

/** The browser's style cache, knowing every class the page's prerendered styles hold. */
export function browserStyleCache(doc: Document): EmotionCache {
  const cache = createCache({ key: STYLE_KEY });
  for (const style of Array.from(doc.querySelectorAll(`style[${PRERENDERED_STYLES_ATTRIBUTE}]`))) {
    const [key, ...ids] = (style.getAttribute(PRERENDERED_STYLES_ATTRIBUTE) ?? '').split(' ');
    if (key === cache.key) for (const id of ids) cache.inserted[id] = true;
  }
  return cache;
}
