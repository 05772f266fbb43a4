import { dialogSlotRecipe, tableSlotRecipe } from '@chakra-ui/react/theme';
import { describe, expect, it, vi } from 'vitest';
import { FOOTER_CLASSES } from './components/footerStyles';
import { ITEM_CLASSES, RARITY_PROPERTY } from './components/items/itemStyles';
import { addRecipes, appSystem, darkValues, providerSystem, rootCustomProperties } from './theme';

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

describe('addRecipes', () => {
  it('leaves the recipes of components no first paint draws out of the theme until their modules add them', () => {
    expect(system.isSlotRecipe('tabs')).toBe(false);
    expect(system.isRecipe('button')).toBe(true);
  });

  it('styles a component whose recipe is added to the built system, through the page\'s view of it too', () => {
    const view = providerSystem(true);
    expect(system.getSlotRecipe('table')).toBeUndefined();
    addRecipes({ slotRecipes: { table: tableSlotRecipe } });
    expect(system.getSlotRecipe('table')).toBe(tableSlotRecipe);
    expect(view.getSlotRecipe('table')).toBe(tableSlotRecipe);
    expect(JSON.stringify(view.getSlotRecipeFn('table')({ size: 'sm' }).root)).toContain('"borderCollapse":"collapse"');
  });

  it('keeps what was added for a system built afterwards', async () => {
    vi.resetModules();
    const fresh = await import('./theme');
    fresh.addRecipes({ slotRecipes: { dialog: dialogSlotRecipe } });
    expect(fresh.appSystem().getSlotRecipe('dialog')?.className).toBe('chakra-dialog');
  });
});
