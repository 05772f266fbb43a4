/**
 * The staff console's build (pwa/staff.html, pwa/src/staff/): a second Vite build run by the
 * PWA's own, writing staff.html and assets/staff-*.js beside the customer app in dist/pwa.
 *
 * A build of its own rather than a second input of the app's build: there, the console would share
 * the app's chunks, and the app's `core` chunk imports the page's entry (pwa/src/main.tsx), which
 * starts the customer app as it loads; the bundler would also split the modules the console shares
 * with the app's screens into new chunks, changing what customers download (ops/chunkGroups.ts,
 * `npm run size`). Built apart, the console carries its own copies of React, Chakra and the rest,
 * the customer app's output is exactly what it was, and every file of the console is named
 * recognizably, so the service worker's precache leaves them out (STAFF_CONSOLE_GLOBS).
 *
 * The dev server answers the console's pages with pwa/staff.html.
 */
import react from '@vitejs/plugin-react';
import { build, type Plugin, type UserConfig } from 'vite';
import { STAFF_ASSET_PREFIX, STAFF_CONSOLE_FILE, isStaffConsolePath } from '../shared/staffConsole';
import { reactGroup } from './chunkGroups';

/** The libraries besides React (Chakra, TanStack Query, zod…). */
const VENDOR_GROUP = { name: 'vendor', test: /[\\/]node_modules[\\/]/, priority: 1 };

interface StaffConsoleOptions {
  /** The PWA's root (pwa/). */
  root: string;
  /** Module resolution as the app's build has it. */
  resolve: UserConfig['resolve'];
}

/** Builds the console into `outDir` (the app's, which it must not empty). */
export async function buildStaffConsole({ root, resolve }: StaffConsoleOptions, outDir: string): Promise<void> {
  await build({
    configFile: false,
    root,
    resolve,
    mode: 'production',
    logLevel: 'warn',
    // The app's build has copied pwa/public already.
    publicDir: false,
    plugins: [react()],
    build: {
      outDir,
      emptyOutDir: false,
      rolldownOptions: {
        input: `${root}/${STAFF_CONSOLE_FILE}`,
        output: {
          entryFileNames: `assets/${STAFF_ASSET_PREFIX}[hash].js`,
          chunkFileNames: `assets/${STAFF_ASSET_PREFIX}[name]-[hash].js`,
          assetFileNames: `assets/${STAFF_ASSET_PREFIX}[name]-[hash][extname]`,
          // React and the other libraries in chunks of their own: a deploy that changes only the
          // console's code leaves them cached.
          codeSplitting: { groups: [reactGroup, VENDOR_GROUP] },
        },
      },
    },
  });
}

export function staffConsolePlugin(options: StaffConsoleOptions): Plugin {
  return {
    name: 'skinmarket-staff-console',
    apply: (config, { command }) => command === 'serve' || !config.build?.ssr,
    // Before vite-plugin-pwa lists the files to precache (its closeBundle), which then leaves these
    // out, and before the build's files are precompressed (ops/precompress.ts), which includes them.
    writeBundle: {
      sequential: true,
      async handler(output) {
        await buildStaffConsole(options, output.dir!);
      },
    },
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const url = new URL(request.url ?? '/', 'http://localhost');
        if (isStaffConsolePath(url.pathname) && request.headers.accept?.includes('text/html')) request.url = `/${STAFF_CONSOLE_FILE}`;
        next();
      });
    },
  };
}
