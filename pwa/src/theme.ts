/**
 * The Chakra UI v3 design system of the PWA: always dark, near-black blue-grey surfaces with an
 * amber-orange accent (`colorPalette="brand"`), and the game's rarity colours as tokens
 * (`color="rarity.covert"`, or `rarityToken(item.rarity)`).
 *
 * Dark mode is forced: index.html puts `class="dark"` on <html>, which is what Chakra's `_dark`
 * condition keys on, and every semantic token has its dark value only (`darkValues`), so nothing
 * can flash light even if the class were missing.
 */
import { createSystem, defaultBaseConfig, defineConfig, type SystemContext } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  collapsibleSlotRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldsetSlotRecipe,
  fieldSlotRecipe,
  globalCss as chakraGlobalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  popoverSlotRecipe,
  progressSlotRecipe,
  qrCodeSlotRecipe,
  radioCardSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  selectSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  statusSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';
import { RARITY_COLORS, type Rarity } from '../../shared/constants';
import { footerGlobalCss } from './components/footerStyles';
import { itemGlobalCss } from './components/items/itemStyles';

/** Page background; also the manifest's theme/background colour and index.html's theme-color. */
export const APP_BACKGROUND = '#0a0d13';

/**
 * The icons' default size, given to lucide-react's provider by App.tsx and the staff console's
 * entry (its own default is 24 px): the text's, so an icon in a line of text matches it. Chakra's
 * components size the icons they hold (buttons, badges, alerts, `<Icon boxSize>`) with CSS, which
 * wins over the attribute, and an icon given its own `size` keeps that.
 */
export const ICON_SIZE = '1em';

/** A semantic token's one value: the app has one look, always dark. */
function fixed(value: string) {
  return { value };
}

type TokenTree = { [key: string]: unknown };
const isTokenTree = (node: unknown): node is TokenTree => typeof node === 'object' && node !== null;

/**
 * Chakra's semantic tokens with their dark values only. Each `{ _light, _dark }` pair would be a
 * CSS variable set twice (under `:root` and `.dark`); the tokens are the bulk of the styles every
 * page carries and of the work `createSystem` does at start-up, and the light half is never seen.
 */
export function darkValues<Tree extends object>(tree: Tree): Tree {
  return Object.fromEntries(
    Object.entries(tree).map(([key, node]) => {
      if (!isTokenTree(node)) return [key, node];
      const { value } = node;
      if (isTokenTree(value) && '_dark' in value) return [key, { ...node, value: value._dark }];
      return [key, 'value' in node ? node : darkValues(node)];
    }),
  ) as Tree;
}

type GlobalStyles = typeof chakraGlobalCss;

/**
 * Chakra's global styles with the custom properties its `*` rule gives every element declared once
 * on the root instead, where every element inherits the same values. They are the empty defaults
 * its `filter: auto`, `backdropFilter: auto` and ring utilities compose, and the global font and
 * border variables. Declared on every element, they gave each element two dozen variables of its
 * own to resolve: about a sixth of the browser's style work on a screen of cards. Inherited, they
 * differ only for an element under one that sets such a variable and that uses one of those
 * utilities; no screen does (the app's filters and shadows are plain values).
 */
export function rootCustomProperties(globalCss: GlobalStyles): GlobalStyles {
  const declarations = Object.entries(globalCss['*'] ?? {});
  const isVariable = ([name]: [string, unknown]) => name.startsWith('--');
  const everyElement = Object.fromEntries(declarations.filter((declaration) => !isVariable(declaration)));
  const variables = Object.fromEntries(declarations.filter(isVariable));
  return { ...globalCss, '*': everyElement, html: { ...globalCss.html, ...variables } } as GlobalStyles;
}

/** Colour palettes no screen uses (Chakra's theme has eleven): their tokens would only cost start-up time. */
const UNUSED_PALETTES = new Set(['teal', 'cyan', 'pink']);
const withoutUnusedPalettes = <Colors extends object>(colors: Colors): Colors =>
  Object.fromEntries(Object.entries(colors).filter(([palette]) => !UNUSED_PALETTES.has(palette))) as Colors;

const RARITY_TOKEN_KEYS: Record<Rarity, string> = {
  'consumer grade': 'consumer',
  'industrial grade': 'industrial',
  'mil-spec': 'milspec',
  restricted: 'restricted',
  classified: 'classified',
  covert: 'covert',
  contraband: 'contraband',
  unknown: 'unknown',
};

/** The colour token of a rarity (`rarity.covert`); values outside the list get the default grey. */
export function rarityToken(rarity: string): string {
  const key = RARITY_TOKEN_KEYS[rarity as Rarity] ?? RARITY_TOKEN_KEYS.unknown;
  return `rarity.${key}`;
}

const config = defineConfig({
  globalCss: {
    html: {
      colorScheme: 'dark',
      bg: 'bg',
      color: 'fg',
      textRendering: 'optimizeLegibility',
    },
    body: {
      minHeight: '100dvh',
      bg: 'bg',
      // A faint amber glow behind the header gives the dark page some depth.
      backgroundImage:
        'radial-gradient(1600px 640px at 50% -300px, rgba(249, 128, 7, 0.08), transparent 75%)',
      backgroundRepeat: 'no-repeat',
    },
    '#root': {
      minHeight: '100dvh',
      display: 'flex',
      flexDirection: 'column',
    },
    '::selection': {
      bg: 'brand.500/35',
      color: 'fg',
    },
    ...itemGlobalCss,
    ...footerGlobalCss,
  },
  theme: {
    tokens: {
      fonts: {
        heading: {
          value:
            'Inter, "Segoe UI Variable", "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
        },
        body: {
          value:
            'Inter, "Segoe UI Variable", "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
        },
      },
      colors: {
        brand: {
          50: { value: '#fff8eb' },
          100: { value: '#ffecc6' },
          200: { value: '#ffd588' },
          300: { value: '#ffb84a' },
          400: { value: '#ff9f20' },
          500: { value: '#f98007' },
          600: { value: '#dd5c02' },
          700: { value: '#b73d06' },
          800: { value: '#942e0c' },
          900: { value: '#7a270d' },
          950: { value: '#461102' },
        },
        // Blue-grey instead of Chakra's neutral grey: every gray.* use picks up the game's tint.
        gray: {
          50: { value: '#f3f5f9' },
          100: { value: '#e4e8f0' },
          200: { value: '#c9d0dd' },
          300: { value: '#a5afc2' },
          400: { value: '#8390a8' },
          500: { value: '#64718a' },
          600: { value: '#4b566c' },
          700: { value: '#363f51' },
          800: { value: '#252c3a' },
          900: { value: '#181d28' },
          950: { value: '#0f131b' },
        },
        rarity: Object.fromEntries(
          (Object.keys(RARITY_TOKEN_KEYS) as Rarity[]).map((rarity) => [
            RARITY_TOKEN_KEYS[rarity],
            { value: RARITY_COLORS[rarity] },
          ]),
        ),
      },
    },
    semanticTokens: {
      colors: {
        bg: {
          DEFAULT: fixed(APP_BACKGROUND),
          subtle: fixed('#0f131b'),
          panel: fixed('#131824'),
          muted: fixed('#181e2b'),
          emphasized: fixed('#222a3a'),
        },
        fg: {
          DEFAULT: fixed('#e8ebf2'),
          muted: fixed('#9aa5b8'),
          // The faintest text still reaches WCAG AA's 4.5:1 on every dark surface up to bg.emphasized.
          subtle: fixed('#8794ab'),
        },
        border: {
          DEFAULT: fixed('#222a38'),
          muted: fixed('#1a202c'),
          subtle: fixed('#141925'),
          emphasized: fixed('#2e384a'),
        },
        brand: {
          solid: fixed('{colors.brand.500}'),
          // Dark text on the orange: white on #f98007 fails WCAG AA, near-black passes easily.
          contrast: fixed('#140a02'),
          fg: fixed('{colors.brand.300}'),
          // The accent blended into the dark surface (about 35 % and 14 %), not the palette's
          // brown 800/950 steps, so tinted backgrounds read as amber rather than rust.
          muted: fixed('#5a3510'),
          subtle: fixed('#2a1b0e'),
          emphasized: fixed('#7a4512'),
          focusRing: fixed('{colors.brand.400}'),
          border: fixed('{colors.brand.500}'),
        },
        // Components default to the gray palette; an amber focus ring is far easier to spot on
        // the dark surfaces than grey, so every default focus ring uses it.
        gray: {
          focusRing: fixed('{colors.brand.400}'),
        },
      },
    },
  },
});

/**
 * Chakra's default theme with only the recipes of the components the app draws: `defaultConfig`
 * carries all ~75 of them (over 100 KB of the first download). A component whose recipe is missing
 * renders unstyled, so a Chakra component new to the app needs its recipe here. They are all in the
 * system from the start: Chakra looks a recipe up in the system it was built with, and its theme
 * module ties every recipe to the start anyway (ADR 0076).
 */
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss: rootCustomProperties(chakraGlobalCss),
  theme: {
    breakpoints,
    keyframes,
    tokens: { ...tokens, colors: withoutUnusedPalettes(tokens.colors) },
    semanticTokens: darkValues({ ...semanticTokens, colors: withoutUnusedPalettes(semanticTokens.colors) }),
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      code: codeRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      link: linkRecipe,
      radiomark: radiomarkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      collapsible: collapsibleSlotRecipe,
      dataList: dataListSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      list: listSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      popover: popoverSlotRecipe,
      progress: progressSlotRecipe,
      qrCode: qrCodeSlotRecipe,
      radioCard: radioCardSlotRecipe,
      radioGroup: radioGroupSlotRecipe,
      select: selectSlotRecipe,
      status: statusSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      toast: toastSlotRecipe,
    },
  },
});

let created: SystemContext | undefined;

type SystemSteps = Generator<void, SystemContext, void>;
/**
 * The browser's build gives `createSystem` a twin that builds the same system in steps
 * (ops/chakraSystemInSteps.ts); elsewhere (the server's render, the prerender, tests) it is built in
 * one.
 */
const createSystemInSteps = (createSystem as typeof createSystem & { inSteps?: (...configs: Parameters<typeof createSystem>) => SystemSteps }).inSteps;

let building: SystemSteps | undefined;

/**
 * Takes the next step of building the design system; true once it is built. The app's start takes
 * one step per task (start.tsx): built in one go, the token dictionary, the conditions and the
 * utilities were one task of 150-250 ms on a phone.
 */
export function buildSystemStep(): boolean {
  if (created) return true;
  const configs = [defaultBaseConfig, chakraTheme, config] as const;
  if (!createSystemInSteps) {
    created = createSystem(...configs);
    return true;
  }
  building ??= createSystemInSteps(...configs);
  const step = building.next();
  if (step.done) created = step.value;
  return Boolean(step.done);
}

/**
 * The design system, built on first use rather than when this module runs (the rest of the steps at
 * once, when the app's start has taken some).
 */
export function appSystem(): SystemContext {
  let built = buildSystemStep();
  while (!built) built = buildSystemStep();
  return created!;
}

/**
 * The system ChakraProvider gets. On a page that already carries the global styles (every page the
 * build writes: prerender/styles.ts), a view of the system with none to insert, not even the layer
 * order: the browser then never computes them (ops/lazyChakraGlobals.ts makes that lazy), which is
 * most of the theme's start-up work on a phone. The prerender and a page without them (the dev
 * server's index.html) get the whole system.
 */
export function providerSystem(pageHasGlobalStyles: boolean): SystemContext {
  const system = appSystem();
  if (!pageHasGlobalStyles) return system;
  return Object.create(system, {
    _global: { value: [] },
    _config: { value: { ...system._config, disableLayers: true } },
  }) as SystemContext;
}
