import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Chakra from '@chakra-ui/react';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { appSystem } from '../pwa/src/theme';
import { lazyChakraGlobalsPlugin, lazyGlobals } from './lazyChakraGlobals';

// The installed Chakra's module, as the PWA's build resolves it.
const SYSTEM_MODULE = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@chakra-ui/react/package.json')),
  'dist/esm/styled-system/system.js',
);

describe('lazyGlobals', () => {
  it("fails loudly on source that no longer builds the sheet the way it expects", () => {
    const source = readFileSync(SYSTEM_MODULE, 'utf8');
    expect(() => lazyGlobals(source.replace('getTokenCss()];', 'getTokenCss(), extra()];'))).toThrow(/update the transform/);
  });
});

describe('the installed Chakra built with the transform', () => {
  const outDir = mkdtempSync(path.join(tmpdir(), 'lazy-globals-'));
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('computes the global styles on first read, once, and the same as Chakra does eagerly', async () => {
    await build({
      configFile: false,
      logLevel: 'silent',
      plugins: [lazyChakraGlobalsPlugin()],
      build: { outDir, minify: false, lib: { entry: SYSTEM_MODULE, formats: ['es'], fileName: 'system' } },
    });
    const { createSystem } = (await import(pathToFileURL(path.join(outDir, 'system.js')).href)) as typeof Chakra;

    const system = appSystem();
    const lazy = createSystem(system._config);
    expect(Object.getOwnPropertyDescriptor(lazy, '_global')?.get).toBeTypeOf('function');
    const first = lazy._global;
    expect(lazy._global).toBe(first);
    expect(first).toEqual(system._global);
  }, 60_000);
});
