/**
 * Each react-icons icon the app imports becomes a module of its own in the build.
 *
 * react-icons ships each set (`react-icons/lu`, `/fa`, `/si`) as one module holding all of its
 * icons. The bundler drops the unused ones, but a module lives in one chunk, so every icon the app
 * uses anywhere sat in `core`, the chunk every page loads first. That was 71 icons, 34 KB before
 * compression, most of them drawn only by screens that load later.
 *
 * This plugin makes each icon its own module, so each lands with the code that draws it:
 * - the app's `import { LuX, LuY as Z } from 'react-icons/lu'` becomes one import per icon
 *   (`react-icons-icon:lu/LuX`);
 * - each such module is the set's own definition of that icon, read from the package: the same
 *   `GenIcon` call, so the icon renders exactly as before.
 *
 * ops/chunkGroups.ts then keeps the icons several screens share in one chunk. The build fails on an
 * icon the set does not have, or if the set's file no longer has the shape read here, so an upgrade
 * cannot quietly bring back the single module.
 */
import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';

const SPECIFIER = 'react-icons-icon:';
/** The ids of the icon modules: `\0` keeps other plugins off them (Rollup's convention). */
export const ICON_MODULE_PREFIX = `\0${SPECIFIER}`;

/** `import { A, B as C } from 'react-icons/xx';` in the app's source (never a type-only import). */
const SET_IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]react-icons\/([a-z0-9]+)['"];?/g;
const APP_SOURCE = /[\\/]pwa[\\/]src[\\/].*\.tsx?$/;
/** One icon of a set's generated module, as react-icons 5 writes them. */
const ICON_DEFINITION = /^export function (\w+) \(props\) \{\n {2}return GenIcon\((.*)\)\(props\);\n\};$/gm;

/** The source with each named import from a react-icons set split into one import per icon. */
export function splitIconImports(source: string): string {
  return source.replace(SET_IMPORT, (_statement, names: string, set: string) =>
    names
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean)
      .map((name) => {
        const [imported] = name.split(/\s+as\s+/);
        return `import { ${name} } from '${SPECIFIER}${set}/${imported}';`;
      })
      .join(' '),
  );
}

/** A set's icons by name: the argument each gives GenIcon. Throws if the file is not as expected. */
export function iconDefinitions(setSource: string): Map<string, string> {
  const definitions = new Map(Array.from(setSource.matchAll(ICON_DEFINITION), (match) => [match[1]!, match[2]!] as const));
  if (definitions.size === 0) throw new Error('a react-icons set no longer defines its icons as ops/iconModules.ts expects: update the plugin');
  return definitions;
}

/** The module of one icon: the set's definition, on the library's own GenIcon. */
export function iconModule(name: string, definition: string): string {
  return `import { GenIcon } from 'react-icons/lib';\nexport function ${name}(props) {\n  return GenIcon(${definition})(props);\n}\n`;
}

export function iconModulesPlugin(): Plugin {
  // Each set's file is read once, as the bundler resolves it (its ES module).
  const sets = new Map<string, Promise<Map<string, string>>>();
  return {
    name: 'skinmarket-icon-modules',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!APP_SOURCE.test(id) || !code.includes('react-icons/')) return null;
      return { code: splitIconImports(code), map: null };
    },
    resolveId(source) {
      return source.startsWith(SPECIFIER) ? `\0${source}` : null;
    },
    async load(id) {
      if (!id.startsWith(ICON_MODULE_PREFIX)) return null;
      const [set, name] = id.slice(ICON_MODULE_PREFIX.length).split('/') as [string, string];
      let definitions = sets.get(set);
      if (!definitions) {
        const resolved = await this.resolve(`react-icons/${set}`);
        if (!resolved) return this.error(`react-icons/${set} cannot be resolved`);
        const file = resolved.id;
        sets.set(set, (definitions = readFile(file, 'utf8').then(iconDefinitions)));
      }
      const definition = (await definitions).get(name);
      if (!definition) return this.error(`react-icons/${set} has no icon ${name}`);
      return iconModule(name, definition);
    },
  };
}
