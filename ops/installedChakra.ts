/**
 * For the tests of the build's transforms of Chakra's code (lazyChakraGlobals, chakraSystemInSteps):
 * the installed Chakra's styled-system modules, and one of them built with a plugin and imported.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';

/** The folder of Chakra's styled-system modules, as the PWA's build resolves them. */
export const STYLED_SYSTEM_DIR = path.join(path.dirname(createRequire(import.meta.url).resolve('@chakra-ui/react/package.json')), 'dist/esm/styled-system');

/** `entry` (and what it imports) built as an ES module with `plugin`, then imported. */
export async function importBuiltWith<T>(entry: string, plugin: Plugin): Promise<T> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'chakra-build-'));
  try {
    await build({
      configFile: false,
      logLevel: 'silent',
      plugins: [plugin],
      build: { outDir, minify: false, lib: { entry, formats: ['es'], fileName: 'module' } },
    });
    return (await import(pathToFileURL(path.join(outDir, 'module.js')).href)) as T;
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
