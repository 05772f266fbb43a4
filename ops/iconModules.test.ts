import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { iconDefinitions, iconModule, splitIconImports } from './iconModules';

const require = createRequire(import.meta.url);
const setFile = (set: string) => path.join(path.dirname(require.resolve('react-icons/lib')), '..', set, 'index.mjs');

describe('splitIconImports', () => {
  it('gives each imported icon an import of its own, keeping local names', () => {
    const source = "import { useState } from 'react';\nimport {\n  LuClock,\n  LuSearchX as NoResults,\n} from 'react-icons/lu';\nimport { FaSteam } from \"react-icons/fa\";\n";
    expect(splitIconImports(source)).toBe(
      "import { useState } from 'react';\n" +
        "import { LuClock } from 'react-icons-icon:lu/LuClock'; import { LuSearchX as NoResults } from 'react-icons-icon:lu/LuSearchX';\n" +
        "import { FaSteam } from 'react-icons-icon:fa/FaSteam';\n",
    );
  });

  it('leaves other imports, and source without icons, as they are', () => {
    const source = "import type { IconType } from 'react-icons';\nimport { Box } from '@chakra-ui/react';\n";
    expect(splitIconImports(source)).toBe(source);
  });
});

describe('iconDefinitions', () => {
  it("reads every icon of the installed sets the app uses, with the set's GenIcon argument", () => {
    for (const set of ['lu', 'fa', 'si']) {
      const source = readFileSync(setFile(set), 'utf8');
      const definitions = iconDefinitions(source);
      expect(definitions.size).toBe(source.match(/^export function /gm)!.length);
    }
    const clock = iconDefinitions(readFileSync(setFile('lu'), 'utf8')).get('LuClock')!;
    expect(JSON.parse(clock)).toMatchObject({ tag: 'svg', attr: { viewBox: '0 0 24 24' } });
  });

  it('fails when a set is no longer written as expected', () => {
    expect(() => iconDefinitions('export const LuClock = (props) => GenIcon({})(props);')).toThrow(/update the plugin/);
  });
});

describe('iconModule', () => {
  it("is the set's own definition on the library's GenIcon", () => {
    const definition = '{"tag":"svg","attr":{},"child":[]}';
    expect(iconModule('LuClock', definition)).toBe(
      `import { GenIcon } from 'react-icons/lib';\nexport function LuClock(props) {\n  return GenIcon(${definition})(props);\n}\n`,
    );
  });
});
