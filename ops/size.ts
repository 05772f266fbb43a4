/**
 * `npm run size` (a step of `npm test`): the JavaScript a phone must download before a route can
 * show anything — the app's entry with everything it imports statically, plus the route's own
 * lazily loaded screen and its static imports — gzipped, against each route's budget. Read from
 * Vite's build manifest, so it measures exactly the chunks the build wrote. Builds the PWA first
 * when it is stale.
 *
 * The goal is 150 KiB. The chosen stack alone comes close to it before any screen (react-dom about
 * 63 KiB, react-router 15, Chakra's styling system and theme about 36, TanStack Query 12, zod's
 * core for parsing every answer 16: docs/adr/0074-answers-parsed-by-shared-schemas.md), so the
 * budgets below are today's figures with a little room: a change that adds to the first download
 * fails here and has to pay for itself, and each saving lowers them (docs/adr/0051-javascript-budgets.md).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildPwaIfStale } from './pwaBuild';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.resolve(root, process.env.PWA_DIST_DIR ?? 'dist/pwa');
export const TARGET_BYTES = 150 * 1024;
const KIB = 1024;

/** What every route loads at once: the entry (main.tsx) and the app it imports after the first paint. */
const ENTRY_MODULES = ['index.html', 'src/start.tsx'];

/**
 * The modules each measured route loads at once (the router's lazy screen, and what it loads lazily
 * on first render), and its budgets: gzipped bytes, and files, each a request the phone's main
 * thread starts and a round trip on a busy connection (ops/chunkGroups.ts). `/market`'s 23rd file is
 * shared/text.ts (about 240 bytes), the one definition of text without control characters, which
 * the market's filters share with the forms' schemas; its 24th pwa/src/useInfiniteScroll.ts (about
 * 390 bytes), the scroll loading the Buy grid shares with the other paged lists (My Listings, the
 * orders, the balance history).
 */
const ROUTES: Record<string, { modules: string[]; budgetBytes: number; maxFiles: number }> = {
  '/': { modules: ['src/screens/landing/LandingScreen.tsx'], budgetBytes: 188 * KIB, maxFiles: 11 },
  '/market': { modules: ['src/screens/market/MarketScreen.tsx', 'src/screens/market/buy/BuyTab.tsx'], budgetBytes: 212 * KIB, maxFiles: 24 },
};

interface ManifestChunk {
  file: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Files of a chunk and of everything it imports statically. */
function closure(manifest: Manifest, key: string, files = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`the build manifest has no chunk for ${key}; update ROUTES in ops/size.ts`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, files);
  return files;
}

export function measureInitialJs(distDir = dist): Array<{ route: string; files: number; bytes: number; budgetBytes: number; maxFiles: number }> {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  return Object.entries(ROUTES).map(([route, { modules, budgetBytes, maxFiles }]) => {
    const files = new Set<string>();
    for (const module of [...ENTRY_MODULES, ...modules]) closure(manifest, module, files);
    const bytes = [...files].filter((file) => file.endsWith('.js')).reduce((sum, file) => sum + gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length, 0);
    return { route, files: files.size, bytes, budgetBytes, maxFiles };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!process.env.PWA_DIST_DIR) buildPwaIfStale();
  let over = false;
  const kib = (bytes: number) => `${(bytes / KIB).toFixed(1).padStart(6)} KiB`;
  console.log(`initial JavaScript per route (gzip); goal ${kib(TARGET_BYTES).trim()}`);
  for (const { route, files, bytes, budgetBytes, maxFiles } of measureInitialJs()) {
    const fits = bytes <= budgetBytes && files <= maxFiles;
    over ||= !fits;
    console.log(`${fits ? 'ok  ' : 'OVER'} ${route.padEnd(8)} ${kib(bytes)} in ${files} files (budgets ${kib(budgetBytes).trim()}, ${maxFiles} files)`);
  }
  process.exit(over ? 1 : 0);
}
