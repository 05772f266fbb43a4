/**
 * Chakra's theme module (`@chakra-ui/react/theme`), in the browser's build, without its maps of
 * every recipe.
 *
 * `pwa/src/theme.ts` takes the tokens and the first paint's recipes from that module, and
 * `pwa/src/components/chakra/` the recipes of dialogs, menus, tables and forms, added as their
 * screens load. But the module also imports two maps of all ~75 recipes (for its
 * `defaultThemeConfig`, which the app does not use). The bundler places a module by the imports
 * that reach it, used or not, so through those maps the start "reached" every recipe the app uses
 * anywhere, and all of them sat in `core`, the chunk every page loads first (some 6 KiB gzipped).
 *
 * Without the maps, each recipe is placed by the code that imports it. `recipes`, `slotRecipes`
 * and `defaultThemeConfig`'s recipes are gone from the browser's build: code that used them would
 * fail the build (a missing export) or, through `defaultThemeConfig`, get no recipes; the app uses
 * neither. Type checking, tests and the server's render keep the module as it is. The build fails
 * if the module no longer has the statements read here, so an upgrade cannot quietly bring the
 * cost back.
 */
import type { Plugin } from 'vite';

const THEME_MODULE = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]theme[\\/]index\.js$/;

/** The statements tying the theme module to every recipe, each of which must be there. */
const RECIPE_MAPS = [
  "import { recipes } from './recipes.js';\n",
  "import { slotRecipes } from './slot-recipes.js';\n",
  '    recipes,\n    slotRecipes,\n',
  'recipes, ',
  'slotRecipes, ',
];

/** The theme module's source without the maps; throws if the source has changed shape. */
export function themeWithoutRecipeMaps(source: string): string {
  return RECIPE_MAPS.reduce((result, statement) => {
    if (!result.includes(statement)) {
      throw new Error(`Chakra's theme module no longer has ${JSON.stringify(statement)} as ops/chakraRecipeMaps.ts expects: update the transform`);
    }
    return result.replace(statement, '');
  }, source);
}

export function chakraRecipeMapsPlugin(): Plugin {
  let transformed = false;
  return {
    name: 'skinmarket-chakra-recipe-maps',
    apply: 'build',
    transform(code, id, options) {
      if (options?.ssr || !THEME_MODULE.test(id)) return null;
      transformed = true;
      return { code: themeWithoutRecipeMaps(code), map: null };
    },
    buildEnd(error) {
      if (!error && !transformed) this.error("Chakra's theme/index.js was not in the build: ops/chakraRecipeMaps.ts looks for it by path");
    },
  };
}
