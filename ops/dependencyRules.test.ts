/**
 * The import rules of .dependency-cruiser.mjs, run by dependency-cruiser on a small tree that
 * breaks each of them once: each break is reported under its rule's name, and nothing else is.
 * (`npm run lint` runs the same rules on the real tree.)
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const tree = mkdtempSync(path.join(tmpdir(), 'sm-depcruise-'));

const files: Record<string, string> = {
  'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'bundler', jsx: 'react-jsx', strict: true } }),
  // Fine: the PWA on the contract, the server on the server-render entry and the contract.
  'shared/money.ts': 'export const cents = 100;\n',
  'pwa/src/api/client.ts': "import { cents } from '../../../shared/money';\nexport const fetchIt = () => cents;\n",
  'pwa/src/prerender/entry.ts': "import { fetchIt } from '../api/client';\nexport const render = fetchIt;\n",
  'api/pages/page.ts': "import { render } from '../../pwa/src/prerender/entry';\nexport const page = render;\n",
  // Breaks: a cycle through types only, the contract importing a side, the server importing a
  // screen, the client importing a query module, the PWA importing server code.
  'pwa/src/queries/a.ts': "import type { B } from './b';\nexport type A = { b?: B };\n",
  'pwa/src/queries/b.ts': "import type { A } from './a';\nexport type B = { a?: A };\n",
  'shared/leak.ts': "import { page } from '../api/pages/page';\nexport const leak = page;\n",
  'pwa/src/screens/Screen.ts': 'export const screen = 1;\n',
  'api/pages/reach.ts': "import { screen } from '../../pwa/src/screens/Screen';\nexport const reach = screen;\n",
  'pwa/src/api/upward.ts': "import type { A } from '../queries/a';\nexport type Up = A;\n",
  'pwa/src/offline/db.ts': "import { screen } from '../screens/Screen';\nimport { config } from '../../../api/config';\nexport const db = screen + config;\n",
  'api/config.ts': 'export const config = 1;\n',
};

afterAll(() => rmSync(tree, { recursive: true, force: true }));

describe('the import rules (.dependency-cruiser.mjs)', () => {
  it('report every break under its rule, and nothing in the lawful imports', async () => {
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(tree, name)), { recursive: true });
      writeFileSync(path.join(tree, name), text);
    }
    const run = await promisify(execFile)(
      path.join(root, 'node_modules/.bin/depcruise'),
      ['--config', path.join(root, '.dependency-cruiser.mjs'), '--output-type', 'json', 'api', 'shared', 'pwa'],
      { cwd: tree, maxBuffer: 16 * 1024 * 1024 },
    ).catch((error: { stdout: string }) => error);
    const { summary } = JSON.parse(run.stdout) as { summary: { totalCruised: number; violations: Array<{ from: string; to: string; rule: { name: string } }> } };
    expect(summary.totalCruised).toBe(Object.keys(files).length - 1);
    const found = summary.violations.map(({ rule, from, to }) => `${rule.name}: ${from} → ${to}`).sort();
    expect(found).toEqual(
      [
        'api-client-is-the-bottom-layer: pwa/src/api/upward.ts → pwa/src/queries/a.ts',
        'api-reaches-pwa-through-prerender: api/pages/reach.ts → pwa/src/screens/Screen.ts',
        'no-cycles: pwa/src/queries/a.ts → pwa/src/queries/b.ts',
        'offline-storage-below-screens: pwa/src/offline/db.ts → pwa/src/screens/Screen.ts',
        'pwa-stays-in-the-browser: pwa/src/offline/db.ts → api/config.ts',
        'shared-imports-neither-side: shared/leak.ts → api/pages/page.ts',
      ].sort(),
    );
  });
});
