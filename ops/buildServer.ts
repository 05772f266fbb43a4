/**
 * The server's production bundle (`npm run build`, after the PWA): the API, shared/ and the PWA
 * modules the market page renders on the server, compiled once by esbuild into dist/server, so a
 * container runs plain `node` without tsx or TypeScript. Packages stay in node_modules (the image
 * installs the production dependencies).
 *
 * - main.js: the server (api/main.ts); migrate.js: `npm run migrate`; ops.js: the operator commands.
 * - The entities' legacy decorators compile as tsconfig.json says (experimentalDecorators); esbuild
 *   emits no decorator metadata, which is why every column names its type.
 * - reflect-metadata is imported before anything else, as TypeORM's decorators expect.
 * - Stylesheets imported by PWA modules are left out (noStylesheets).
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { build, type BuildResult, type Plugin } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

/** TypeScript's and Vite's order: `./withdrawForm` is withdrawForm.ts, not WithdrawForm.tsx. */
const EXTENSIONS = ['.mjs', '.js', '.mts', '.ts', '.jsx', '.tsx', '.json'];

const isFile = (file: string) => statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;

/**
 * Relative imports resolved with the file system's own (case-sensitive) names. esbuild matches file
 * names case-insensitively, so beside pwa/src/live/LiveEvents.tsx it takes `./live/LiveEvents` for
 * liveEvents.ts and then cannot read it.
 */
const exactCaseImports: Plugin = {
  name: 'exact-case-imports',
  setup(builder) {
    builder.onResolve({ filter: /^\.\.?(\/|$)/ }, ({ path: specifier, resolveDir }) => {
      const base = path.resolve(resolveDir, specifier);
      const candidates = [base, ...EXTENSIONS.map((extension) => base + extension), ...EXTENSIONS.map((extension) => path.join(base, `index${extension}`))];
      const found = candidates.find(isFile);
      return found ? { path: found } : undefined;
    });
  },
};

/**
 * Stylesheets the PWA's modules import (the item dialog's chart, pwa/src/screens/market/buy/PriceChart.tsx)
 * are the browser build's: the server renders markup only, and Node cannot load a .css import. They
 * become empty modules here (the bundle inlines the PWA's lazily loaded modules too, so their
 * imports reach the server's bundle although it never runs them).
 */
const noStylesheets: Plugin = {
  name: 'no-stylesheets',
  setup(builder) {
    builder.onResolve({ filter: /\.css$/ }, ({ path: specifier }) => ({ path: specifier, namespace: 'stylesheet' }));
    builder.onLoad({ filter: /.*/, namespace: 'stylesheet' }, () => ({ contents: '', loader: 'js' }));
  },
};

const SERVER_ENTRIES = {
  main: 'api/main.ts',
  migrate: 'ops/migrate.ts',
  ops: 'ops/cli.ts',
} as const;

export function buildServer(outdir = path.join(root, 'dist/server')): Promise<BuildResult> {
  return build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(Object.entries(SERVER_ENTRIES).map(([name, file]) => [name, path.join(root, file)])),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    packages: 'external',
    tsconfig: path.join(root, 'tsconfig.json'),
    resolveExtensions: EXTENSIONS,
    plugins: [exactCaseImports, noStylesheets],
    banner: { js: "import 'reflect-metadata';" },
    logLevel: 'warning',
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.join(root, 'ops/buildServer.ts')) {
  try {
    await buildServer(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
  } catch (error) {
    console.error(`building the server failed: ${(error as Error).message}`);
    process.exit(1);
  }
}
