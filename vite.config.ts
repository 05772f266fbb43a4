// Build and dev server of the PWA (Vite root: pwa/). `npm run build` writes dist/pwa, which the API
// serves, the staff console (pwa/staff.html) included; `npm run dev:pwa` proxies the server's paths
// to the API on 127.0.0.1:8080.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { createServer, defineConfig, type UserConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { chakraSystemInStepsPlugin } from './ops/chakraSystemInSteps';
import { chunkGroups, reactGroup } from './ops/chunkGroups';
import { lazyChakraGlobalsPlugin } from './ops/lazyChakraGlobals';
import { precompressPlugin } from './ops/precompress';
import type * as PrerenderStep from './ops/prerender';
import { staffConsolePlugin } from './ops/staffConsoleBuild';
import { PAGE_TEMPLATE_FILE } from './shared/prerenderedPages';
import { STAFF_CONSOLE_GLOBS } from './shared/staffConsole';

const API_ORIGIN = 'http://127.0.0.1:8080';
// Keep in step with APP_BACKGROUND in pwa/src/theme.ts and the theme-color meta in index.html.
const THEME_COLOR = '#0a0d13';

const PWA_ROOT = fileURLToPath(new URL('./pwa', import.meta.url));

/** React Router's own production build: its package points every bundler at the one with development warnings on. */
const ROUTER_PRODUCTION = [
  { find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) },
  { find: /^react-router\/dom$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)) },
];

export default defineConfig(async ({ command, isSsrBuild }): Promise<UserConfig> => ({
  root: PWA_ROOT,
  resolve: { alias: command === 'build' ? ROUTER_PRODUCTION : [] },
  build: {
    outDir: fileURLToPath(new URL('./dist/pwa', import.meta.url)),
    emptyOutDir: true,
    // Which chunks each screen needs: `npm run size` measures routes' initial JavaScript from it.
    manifest: true,
    // A lazily loaded module's own imports are fetched by the browser as it reads the module, not
    // announced ahead by a modulepreload link each: adding some forty links was one long task of the
    // start (docs/adr/0079-lazy-imports-not-preloaded.md). The page's entry keeps its links.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'js' ? [] : deps) },
    // React, the page's entry and all the app's start needs in a chunk each; the screens' code left
    // to the bundler's splitting (ops/chunkGroups.ts).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: command === 'build' && !isSsrBuild ? await chunkGroups(PWA_ROOT, { alias: ROUTER_PRODUCTION }) : [reactGroup],
        },
      },
    },
  },
  plugins: [
    react(),
    lazyChakraGlobalsPlugin(),
    // Chakra's design system built a step per task at start (ops/chakraSystemInSteps.ts).
    chakraSystemInStepsPlugin(),
    {
      // HTML of the shell and the static pages (ops/prerender.ts), written before vite-plugin-pwa
      // lists the files to precache (its closeBundle), so the service worker gets these versions.
      // The step and the app it renders run in a throwaway Vite server's SSR module graph.
      name: 'skinmarket-prerender',
      apply: (config, { command }) => command === 'build' && !config.build?.ssr,
      writeBundle: {
        sequential: true,
        async handler(options) {
          const server = await createServer({
            configFile: false,
            root: PWA_ROOT,
            mode: 'production',
            logLevel: 'warn',
            plugins: [react()],
            server: { middlewareMode: true, hmr: false, ws: false },
            appType: 'custom',
          });
          try {
            const step = (await server.ssrLoadModule(fileURLToPath(new URL('./ops/prerender.ts', import.meta.url)))) as typeof PrerenderStep;
            await step.prerenderPages(options.dir!);
          } finally {
            await server.close();
          }
        },
      },
    },
    // The staff console (pwa/staff.html): a build of its own, written beside the app (ops/staffConsoleBuild.ts).
    staffConsolePlugin({ root: PWA_ROOT, resolve: { alias: ROUTER_PRODUCTION } }),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      // Registration happens in pwa/src/serviceWorker.ts with workbox-window: the server's CSP
      // forbids the inline script the plugin would otherwise inject.
      injectRegister: null,
      injectManifest: {
        // The manifest and its icons are added by the plugin itself.
        globPatterns: ['**/*.{js,css,html,svg,ico}'],
        // The server's template for /market: a navigation to /market offline gets the shell. The
        // staff console's files: customers never download them.
        globIgnores: [PAGE_TEMPLATE_FILE, ...STAFF_CONSOLE_GLOBS],
      },
      manifest: {
        id: '/',
        name: 'SkinMarket — CS2 Skin Marketplace',
        short_name: 'SkinMarket',
        description: 'Sell your Counter-Strike 2 skins for real money and buy skins from other players.',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: THEME_COLOR,
        background_color: THEME_COLOR,
        categories: ['games', 'shopping'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512-maskable.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // Real screenshots of the app, taken with Playwright at 1280x800 and 390x844 (demo banner
        // hidden): Chromium's richer install dialog shows the wide ones on desktop, the narrow on phones.
        screenshots: [
          { src: '/screenshots/market-wide.png', sizes: '1280x800', type: 'image/png', form_factor: 'wide', label: 'The market: CS2 skins for sale' },
          { src: '/screenshots/landing-wide.png', sizes: '1280x800', type: 'image/png', form_factor: 'wide', label: 'SkinMarket home' },
          { src: '/screenshots/market-narrow.png', sizes: '390x844', type: 'image/png', form_factor: 'narrow', label: 'The market on a phone' },
          { src: '/screenshots/landing-narrow.png', sizes: '390x844', type: 'image/png', form_factor: 'narrow', label: 'SkinMarket home on a phone' },
        ],
        shortcuts: [
          { name: 'Market', short_name: 'Market', description: 'Browse CS2 skins for sale', url: '/market', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
          { name: 'Sell', short_name: 'Sell', description: 'Sell skins from your Steam inventory', url: '/market/sell', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
          { name: 'My Listings', short_name: 'Listings', description: 'Your listings, holds and payouts', url: '/listings', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
        ],
      },
    }),
    // Brotli and gzip twins of the built files, which the server sends as they are.
    precompressPlugin(),
  ],
  server: {
    proxy: Object.fromEntries(
      ['/api', '/auth', '/staff/auth', '/dev', '/healthz', '/readyz'].map((path) => [
        path,
        { target: API_ORIGIN, changeOrigin: false },
      ]),
    ),
  },
}));
