import { readdirSync, readFileSync } from 'node:fs';
import { defaultConfig } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import { FOOTER_CLASSES } from './components/footerStyles';
import { ITEM_CLASSES, RARITY_PROPERTY } from './components/items/itemStyles';
import { appSystem, darkValues, providerSystem, rootCustomProperties } from './theme';

const system = appSystem();

describe('darkValues', () => {
  it('keeps the dark value of each light/dark pair, plain values and the other fields as they are', () => {
    const tokens = {
      bg: {
        DEFAULT: { value: { _light: '{colors.white}', _dark: '{colors.black}' }, description: 'page' },
        panel: { value: '#131824' },
      },
      fg: { error: { value: { _light: '{colors.red.600}', _dark: '{colors.red.400}' } } },
    };
    expect(darkValues(tokens)).toEqual({
      bg: { DEFAULT: { value: '{colors.black}', description: 'page' }, panel: { value: '#131824' } },
      fg: { error: { value: '{colors.red.400}' } },
    });
  });
});

describe('rootCustomProperties', () => {
  it("moves the custom properties of the `*` rule to the root's rule, keeping the rest and the rules' order", () => {
    const globalCss = {
      '*': { fontFeatureSettings: '"cv11"', '--ring-inset': 'var(--chakra-empty, )', '--global-font-body': 'fonts.body' },
      html: { color: 'fg' },
      body: { margin: '0' },
    };
    const moved = rootCustomProperties(globalCss as never) as unknown as typeof globalCss;
    expect(moved).toEqual({
      '*': { fontFeatureSettings: '"cv11"' },
      html: { color: 'fg', '--ring-inset': 'var(--chakra-empty, )', '--global-font-body': 'fonts.body' },
      body: { margin: '0' },
    });
    expect(Object.keys(moved)).toEqual(['*', 'html', 'body']);
  });
});

describe('the design system', () => {
  const globalCss = JSON.stringify(system._global);

  it('sets each semantic token once, to its dark value, with no light set to switch from', () => {
    expect(globalCss).not.toContain('.dark');
    expect(globalCss).toContain('"--chakra-colors-fg-error":"var(--chakra-colors-red-400)"');
  });

  it('declares the variables every element shares once, on the root, not on every element', () => {
    // Every rule for a selector (`&*`, `&html` in the system), in whichever layer it is.
    const rulesFor = (selector: string, node: unknown): Record<string, unknown>[] =>
      typeof node !== 'object' || node === null
        ? []
        : Object.entries(node).flatMap(([key, value]) => (key === selector ? [value as Record<string, unknown>] : rulesFor(selector, value)));
    const everyElement = rulesFor('&*', system._global).flatMap((rule) => Object.keys(rule));
    expect(everyElement).toContain('fontFeatureSettings');
    expect(everyElement.filter((name) => name.startsWith('--'))).toEqual([]);
    expect(Object.assign({}, ...rulesFor('&html', system._global))).toMatchObject({
      '--ring-inset': 'var(--chakra-empty, )',
      '--global-font-body': 'var(--chakra-fonts-body)',
    });
  });

  it('carries the palettes the screens use and not the others', () => {
    for (const palette of ['brand', 'gray', 'red', 'orange', 'yellow', 'green', 'blue', 'purple']) {
      expect(globalCss).toContain(`--chakra-colors-${palette}-500`);
    }
    for (const palette of ['teal', 'cyan', 'pink']) expect(globalCss).not.toContain(`--chakra-colors-${palette}-`);
  });

  it("holds the item components' and the footer's class rules, with the theme's tokens resolved", () => {
    for (const className of [...Object.values(ITEM_CLASSES), ...Object.values(FOOTER_CLASSES)]) expect(globalCss).toContain(`.${className}"`);
    const cardRule = globalCss.slice(globalCss.indexOf(`.${ITEM_CLASSES.card}"`)).split('}')[0];
    expect(cardRule).toContain('var(--chakra-colors-bg-panel)');
    expect(cardRule).toContain('var(--chakra-radii-l3)');
    expect(globalCss).toContain(`var(${RARITY_PROPERTY})`);
  });
});

describe('providerSystem', () => {
  it('is the whole system for a page without the global styles', () => {
    expect(providerSystem(false)).toBe(system);
  });

  it('inserts no global styles or layer order on a page that has them, and styles components as the system does', () => {
    const view = providerSystem(true);
    expect(view._global).toEqual([]);
    expect(view._config.disableLayers).toBe(true);
    expect(system._config.disableLayers).toBeFalsy();
    expect(view.css({ color: 'fg.muted', px: '4' })).toEqual(system.css({ color: 'fg.muted', px: '4' }));
    expect(view.getRecipeFn('button')({ size: 'sm' })).toEqual(system.getRecipeFn('button')({ size: 'sm' }));
  });
});

describe('recipes', () => {
  it('has the recipe of every Chakra component the app imports (one without it renders unstyled)', () => {
    const sources = readdirSync(new URL('.', import.meta.url), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .map((file) => readFileSync(new URL(file, import.meta.url), 'utf8'));
    const imported = new Set(
      sources.flatMap((source) => [...source.matchAll(/import \{([^}]*)\} from '@chakra-ui\/react';/g)].flatMap((match) => match[1]!.split(',').map((name) => name.trim()))),
    );
    const keys = [...imported].map((name) => name.charAt(0).toLowerCase() + name.slice(1));
    const recipes = keys.filter((key) => Object.hasOwn(defaultConfig.theme?.recipes ?? {}, key));
    const slotRecipes = keys.filter((key) => Object.hasOwn(defaultConfig.theme?.slotRecipes ?? {}, key));
    expect(slotRecipes).toContain('dialog');
    expect(recipes.filter((key) => !system.isRecipe(key))).toEqual([]);
    expect(slotRecipes.filter((key) => !system.isSlotRecipe(key))).toEqual([]);
  });
});
