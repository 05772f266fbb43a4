/**
 * Builds the PWA when its sources are newer than the last build, so `npm start` on an unchanged
 * checkout starts in a couple of seconds while a fresh clone or an edited source always rebuilds.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SOURCES = ['pwa', 'shared', 'vite.config.ts', 'ops/chakraSystemInSteps.ts', 'ops/chunkGroups.ts', 'ops/lazyChakraGlobals.ts', 'ops/prerender.ts', 'ops/precompress.ts', 'ops/staffConsoleBuild.ts', 'package-lock.json'];
const SKIP = new Set(['node_modules', 'e2e']);

function newestMtime(entry: string): number {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const child of readdirSync(entry)) {
    if (!SKIP.has(child)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  }
  return newest;
}

export function pwaBuildIsStale(distDir = path.join(root, 'dist/pwa')): boolean {
  const built = path.join(distDir, 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return SOURCES.some((source) => {
    const full = path.join(root, source);
    return existsSync(full) && newestMtime(full) > builtAt;
  });
}

/** Node's arguments for `vite build`, quiet but for warnings. */
export const viteBuildArgs = [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'];

function buildPwa(): void {
  const result = spawnSync(process.execPath, viteBuildArgs, {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('building the PWA failed (see the output above)');
}

export function buildPwaIfStale(): void {
  if (!pwaBuildIsStale()) return;
  console.log('Building the PWA…');
  buildPwa();
}
