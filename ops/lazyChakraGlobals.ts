/**
 * Chakra's `createSystem` builds the page's global style sheet (its reset, the global CSS and every
 * token as a CSS variable) the moment the theme module runs: the larger part of the system's
 * start-up work, done on the phone's main thread before anything can respond. Every page the build
 * writes already carries those styles (ops/prerender.ts), and the browser's provider then gets a
 * system that inserts none (`providerSystem` in pwa/src/theme.ts), so this transform makes the
 * sheet computed on first read instead of at creation. Anything that does read it (the prerender,
 * a page without the styles) gets the same value as before.
 *
 * The build fails if Chakra's code no longer has the statement, so an upgrade cannot quietly bring
 * the cost back.
 */
import type { Plugin } from 'vite';

const SYSTEM_MODULE = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;
const EAGER = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
const RETURNED = '    _global,\n';

/** The system module's source with `_global` as a memoized getter; throws if the source has changed shape. */
export function lazyGlobals(source: string): string {
  if (!source.includes(EAGER) || !source.includes(RETURNED)) {
    throw new Error("Chakra's createSystem no longer builds `_global` as ops/lazyChakraGlobals.ts expects: update the transform");
  }
  return source
    .replace(EAGER, 'let _global;')
    .replace(RETURNED, '    get _global() {\n      return _global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()];\n    },\n');
}

export function lazyChakraGlobalsPlugin(): Plugin {
  let transformed = false;
  return {
    name: 'skinmarket-lazy-chakra-globals',
    apply: 'build',
    transform(code, id) {
      if (!SYSTEM_MODULE.test(id)) return null;
      transformed = true;
      return { code: lazyGlobals(code), map: null };
    },
    buildEnd(error) {
      if (!error && !transformed) this.error("Chakra's styled-system/system.js was not in the build: ops/lazyChakraGlobals.ts looks for it by path");
    },
  };
}
