import { readFileSync } from 'node:fs';
import path from 'node:path';
import type * as Chakra from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import { appSystem } from '../pwa/src/theme';
import { chakraSystemInStepsPlugin, inSteps, SYSTEM_STEPS, TOKEN_DICTIONARY_STEPS } from './chakraSystemInSteps';
import { importBuiltWith, STYLED_SYSTEM_DIR } from './installedChakra';

const SYSTEM_MODULE = path.join(STYLED_SYSTEM_DIR, 'system.js');
const TOKEN_DICTIONARY_MODULE = path.join(STYLED_SYSTEM_DIR, 'token-dictionary.js');

type SystemSteps = Generator<void, Chakra.SystemContext, void>;
type CreateSystemInSteps = typeof Chakra.createSystem & { inSteps: (...configs: Parameters<typeof Chakra.createSystem>) => SystemSteps };

describe('inSteps', () => {
  it('fails loudly on source that no longer has a statement it pauses after', () => {
    const source = readFileSync(TOKEN_DICTIONARY_MODULE, 'utf8');
    expect(() => inSteps(source.replace('  registerTokens();\n', '  registerAllTokens();\n'), TOKEN_DICTIONARY_STEPS)).toThrow(/update the transform/);
  });

  it('fails loudly on source where a statement it changes is not there', () => {
    const source = readFileSync(SYSTEM_MODULE, 'utf8');
    expect(() => inSteps(source.replace('const tokens = createTokenDictionary({', 'const tokens = buildTokens({'), SYSTEM_STEPS)).toThrow(/update the transform/);
  });
});

describe('the installed Chakra built with the transform', () => {
  it('builds, step by step, the very system Chakra builds in one call', async () => {
    const { createSystem } = await importBuiltWith<{ createSystem: CreateSystemInSteps }>(SYSTEM_MODULE, chakraSystemInStepsPlugin());

    // The app's own system, built by the untransformed Chakra (tests import it as it is installed).
    const reference = appSystem();
    const steps = createSystem.inSteps(reference._config);
    let step = steps.next();
    let pauses = 0;
    while (!step.done) {
      pauses += 1;
      step = steps.next();
    }
    // The system's three pauses and the token dictionary's one.
    expect(pauses).toBe(4);
    for (const system of [step.value, createSystem(reference._config)]) {
      expect(system.tokens.allTokens).toEqual(reference.tokens.allTokens);
      expect([...system.tokens.cssVarMap]).toEqual([...reference.tokens.cssVarMap]);
      expect(system.getTokenCss()).toEqual(reference.getTokenCss());
      const styles = { color: 'fg.muted', px: { base: '4', md: '6' }, borderRadius: 'l3', _hover: { bg: 'brand.subtle' } };
      expect(system.css(styles)).toEqual(reference.css(styles));
    }
  }, 60_000);
});
