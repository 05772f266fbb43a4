import { describe, expect, it } from 'vitest';
import { startModules } from './chunkGroups';

const APP = '/repo/pwa/src';

/** A chunk of the first build, as the bundler reports it. */
function chunk(fileName: string, moduleIds: string[], imports: string[] = [], kind: { entry?: boolean; lazy?: boolean; chars?: number } = {}) {
  return {
    fileName,
    moduleIds,
    imports,
    isEntry: kind.entry === true,
    isDynamicEntry: kind.lazy === true,
    facadeModuleId: kind.entry || kind.lazy ? moduleIds.at(-1)! : null,
    code: 'x'.repeat(kind.chars ?? 500),
  };
}

// The shape the bundler gives the app: the entry shares a module with the start, the start and the
// screens share small chunks, React has its own chunk, and a screen is loaded lazily.
const chunks = [
  chunk('index.js', [`${APP}/api/earlyRequests.ts`, `${APP}/main.tsx`], [], { entry: true }),
  chunk('react.js', ['/repo/node_modules/react-dom/index.js', '/repo/node_modules/react/index.js']),
  chunk('button.js', ['/repo/node_modules/@chakra-ui/react/dist/esm/components/button/button.js'], ['react.js']),
  chunk('format.js', ['/repo/shared/format.ts']),
  chunk('start.js', [`${APP}/api/client.ts`, `${APP}/router.tsx`, `${APP}/start.tsx`], ['index.js', 'react.js', 'button.js', 'format.js'], { lazy: true }),
  chunk('dialog.js', ['/repo/node_modules/@chakra-ui/react/dist/esm/components/dialog/dialog.js'], ['react.js']),
  chunk('toast.js', [`${APP}/components/ToastViewport.tsx`], ['react.js', 'button.js'], { lazy: true }),
  chunk('landing.js', [`${APP}/screens/landing/LandingScreen.tsx`], ['react.js', 'button.js', 'dialog.js'], { lazy: true }),
];

describe('startModules', () => {
  const { entry, core } = startModules(chunks);

  it("takes the entry's chunks as they are", () => {
    expect([...entry]).toEqual([`${APP}/api/earlyRequests.ts`, `${APP}/main.tsx`]);
  });

  it("gathers every module of the start's chunks, less the entry's, React's and the lazily loaded ones", () => {
    expect([...core].sort()).toEqual(
      [
        '/repo/node_modules/@chakra-ui/react/dist/esm/components/button/button.js',
        '/repo/shared/format.ts',
        `${APP}/api/client.ts`,
        `${APP}/router.tsx`,
      ].sort(),
    );
  });

  it('leaves what only screens use to the screens', () => {
    expect(core.has('/repo/node_modules/@chakra-ui/react/dist/esm/components/dialog/dialog.js')).toBe(false);
    expect(core.has(`${APP}/components/ToastViewport.tsx`)).toBe(false);
  });

  it('fails the build when the first build has no chunk for the start', () => {
    expect(() => startModules(chunks.filter((candidate) => candidate.fileName !== 'start.js'))).toThrow(/start\.tsx/);
  });

  describe('icons', () => {
    const icon = (name: string) => `/repo/node_modules/lucide-react/dist/esm/icons/${name}.mjs`;
    const withIcons = [
      ...chunks.map((candidate) =>
        candidate.fileName === 'start.js' ? { ...candidate, moduleIds: [icon('menu'), ...candidate.moduleIds] } : candidate,
      ),
      chunk('market.js', [icon('clock'), `${APP}/screens/market/MarketScreen.tsx`], ['react.js', 'icons-a.js', 'icons-b.js'], { lazy: true }),
      chunk('listings.js', [`${APP}/screens/listings/MyListingsScreen.tsx`], ['react.js', 'icons-b.js', 'icons-c.js'], { lazy: true }),
      chunk('profile.js', [`${APP}/screens/profile/ProfileScreen.tsx`], ['react.js', 'icons-c.js'], { lazy: true }),
      chunk('icons-a.js', [icon('shopping-cart')]),
      chunk('icons-b.js', [icon('wallet'), icon('tag')]),
      chunk('icons-c.js', [icon('store')]),
    ];
    withIcons.find((candidate) => candidate.fileName === 'landing.js')!.imports.push('icons-a.js');
    const grouped = startModules(withIcons);

    it("keeps the start's icons in its chunk, and a screen's own icons with the screen", () => {
      expect(grouped.core.has(icon('menu'))).toBe(true);
      const groupedIcons = [...grouped.core, ...grouped.sharedIcons, ...grouped.marketIcons, ...grouped.marketShared];
      expect(groupedIcons).not.toContain(icon('clock'));
    });

    it('puts the icons screens share in one group, but for those the landing page draws, which join the start', () => {
      expect([...grouped.sharedIcons]).toEqual([icon('store')]);
      expect(grouped.core.has(icon('shopping-cart'))).toBe(true);
    });

    it("gives the shared icons the market draws a group of their own, apart from the market's shared chunk", () => {
      expect([...grouped.marketIcons].sort()).toEqual([icon('tag'), icon('wallet')]);
      expect(grouped.marketShared.has(icon('tag')) || grouped.marketShared.has(icon('wallet'))).toBe(false);
    });
  });

  describe("the market's small shared chunks", () => {
    const zag = (name: string) => `/repo/node_modules/@zag-js/${name}/dist/index.mjs`;
    const withMarket = [
      ...chunks,
      chunk('market.js', [`${APP}/screens/market/MarketScreen.tsx`], ['react.js', 'buy-tab.js', 'title.js'], { lazy: true }),
      chunk('buy-tab.js', [`${APP}/screens/market/buy/BuyTab.tsx`], ['react.js', 'raf.js', 'popper.js', 'dom.js'], { lazy: true }),
      chunk('listings.js', [`${APP}/screens/listings/MyListingsScreen.tsx`], ['react.js', 'raf.js', 'title.js'], { lazy: true }),
      chunk('raf.js', [zag('raf')]),
      chunk('popper.js', [zag('popper')], [], { chars: 40_000 }),
      chunk('title.js', [`${APP}/components/PageTitle.tsx`]),
      chunk('dom.js', [zag('dom-query')]),
    ];
    withMarket.find((candidate) => candidate.fileName === 'landing.js')!.imports.push('dom.js');
    const { marketShared } = startModules(withMarket);

    it("gathers the small chunks of libraries' code the market loads at once", () => {
      expect([...marketShared]).toEqual([zag('raf')]);
    });

    it("leaves out large chunks, the app's own modules and what the landing page loads", () => {
      expect(marketShared.has(zag('popper'))).toBe(false);
      expect(marketShared.has(`${APP}/components/PageTitle.tsx`)).toBe(false);
      expect(marketShared.has(zag('dom-query'))).toBe(false);
    });
  });
});
