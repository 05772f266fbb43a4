import { readFileSync } from 'node:fs';
import path from 'node:path';
import type * as Chakra from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import { appSystem } from '../pwa/src/theme';
import { importBuiltWith, STYLED_SYSTEM_DIR } from './installedChakra';
import { lazyChakraGlobalsPlugin, lazyGlobals } from './lazyChakraGlobals';

const SYSTEM_MODULE = path.join(STYLED_SYSTEM_DIR, 'system.js');

describe('lazyGlobals', () => {
  it("fails loudly on source that no longer builds the sheet the way it expects", () => {
    const source = readFileSync(SYSTEM_MODULE, 'utf8');
    expect(() => lazyGlobals(source.replace('getTokenCss()];', 'getTokenCss(), extra()];'))).toThrow(/update the transform/);
  });
});

describe('the installed Chakra built with the transform', () => {
  it('computes the global styles on first read, once, and the same as Chakra does eagerly', async () => {
    const { createSystem } = await importBuiltWith<typeof Chakra>(SYSTEM_MODULE, lazyChakraGlobalsPlugin());

    const system = appSystem();
    const lazy = createSystem(system._config);
    expect(Object.getOwnPropertyDescriptor(lazy, '_global')?.get).toBeTypeOf('function');
    const first = lazy._global;
    expect(lazy._global).toBe(first);
    expect(first).toEqual(system._global);
  }, 60_000);
});
