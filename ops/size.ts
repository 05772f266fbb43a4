/**
 * `npm run size`: the JavaScript a phone must download before a route can show anything — the
 * app's entry with everything it imports statically, plus the route's own lazily loaded screen
 * and its static imports — gzipped, against the budget. Read from Vite's build manifest, so it
 * measures exactly the chunks the build wrote. Builds the PWA first when it is stale.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildPwaIfStale } from './pwaBuild';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, process.env.PWA_DIST_DIR ?? 'dist/pwa');
export const BUDGET_BYTES = 150 * 1024;

/** The modules each measured route loads at once (the router's lazy screen, and what it loads lazily on first render). */
const ROUTES: Record<string, string[]> = {
  '/': ['src/screens/landing/LandingScreen.tsx'],
  '/market': ['src/screens/market/MarketScreen.tsx', 'src/screens/market/buy/BuyTab.tsx'],
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

export function measureInitialJs(distDir = dist): Array<{ route: string; files: number; bytes: number }> {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  return Object.entries(ROUTES).map(([route, modules]) => {
    const files = closure(manifest, 'index.html');
    for (const module of modules) closure(manifest, module, files);
    const bytes = [...files].filter((file) => file.endsWith('.js')).reduce((sum, file) => sum + gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length, 0);
    return { route, files: files.size, bytes };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!process.env.PWA_DIST_DIR) buildPwaIfStale();
  let over = false;
  console.log(`initial JavaScript per route (gzip), budget ${(BUDGET_BYTES / 1024).toFixed(0)} KiB`);
  for (const { route, files, bytes } of measureInitialJs()) {
    const fits = bytes <= BUDGET_BYTES;
    over ||= !fits;
    console.log(`${fits ? 'ok  ' : 'OVER'} ${route.padEnd(8)} ${(bytes / 1024).toFixed(1).padStart(6)} KiB in ${files} files`);
  }
  process.exit(over ? 1 : 0);
}
