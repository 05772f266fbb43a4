import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build, type Plugin, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { chakraRecipeMapsPlugin, themeWithoutRecipeMaps } from './chakraRecipeMaps';

const root = path.resolve(import.meta.dirname, '..');
// The installed Chakra's theme module, as the PWA's build resolves it.
const THEME_MODULE = path.join(path.dirname(createRequire(import.meta.url).resolve('@chakra-ui/react/package.json')), 'dist/esm/theme/index.js');

describe('themeWithoutRecipeMaps', () => {
  it("drops the installed theme module's imports of the recipe maps and their uses", () => {
    const source = themeWithoutRecipeMaps(readFileSync(THEME_MODULE, 'utf8'));
    expect(source).not.toMatch(/from '\.\/(slot-)?recipes\.js'/);
    expect(source).not.toMatch(/^\s+(slot)?[rR]ecipes,$/m);
    expect(source).not.toMatch(/^export \{.*\b(recipes|slotRecipes)\b.*\};$/m);
    // What the app takes from it is still there.
    expect(source).toMatch(/^export \{.*\btokens\b.*\};$/m);
    expect(source).toContain("export { dialogSlotRecipe } from './recipes/dialog.js';");
  });

  it('fails loudly on a module that no longer has one of the statements', () => {
    const source = readFileSync(THEME_MODULE, 'utf8').replace("import { slotRecipes } from './slot-recipes.js';", "import { slotRecipes } from './slots.js';");
    expect(() => themeWithoutRecipeMaps(source)).toThrow(/update the transform/);
  });
});

/**
 * Builds a page taking tokens from the theme module at once and a recipe from it in a lazily loaded
 * module (written under node_modules/, where they resolve Chakra as the app does).
 */
async function chunks(plugins: Plugin[]): Promise<{ start: string; lazy: string }> {
  const dir = mkdtempSync(path.join(root, 'node_modules', '.recipe-maps-'));
  try {
    writeFileSync(path.join(dir, 'start.js'), "import { tokens } from '@chakra-ui/react/theme';\nglobalThis.spacing = tokens.spacing;\nglobalThis.dialog = () => import('./dialog.js').then((module) => module.default);\n");
    writeFileSync(path.join(dir, 'dialog.js'), "import { dialogSlotRecipe } from '@chakra-ui/react/theme';\nexport default dialogSlotRecipe;\n");
    const output = (await build({
      configFile: false,
      root: dir,
      logLevel: 'silent',
      plugins,
      build: { write: false, minify: false, modulePreload: false, rolldownOptions: { input: path.join(dir, 'start.js') } },
    })) as Rolldown.RolldownOutput;
    const code = output.output.filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
    return {
      start: code.filter((chunk) => chunk.isEntry).map((chunk) => chunk.code).join('\n'),
      lazy: code.filter((chunk) => !chunk.isEntry).map((chunk) => chunk.code).join('\n'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the installed Chakra built with the transform', () => {
  it('leaves a recipe imported only by a lazily loaded module out of the chunk that loads first', async () => {
    const { start, lazy } = await chunks([chakraRecipeMapsPlugin()]);
    expect(start).not.toContain('chakra-dialog');
    expect(lazy).toContain('chakra-dialog');
  }, 60_000);

  it('(without it, the theme module pulls that recipe into the first chunk)', async () => {
    const { start } = await chunks([]);
    expect(start).toContain('chakra-dialog');
  }, 60_000);
});
