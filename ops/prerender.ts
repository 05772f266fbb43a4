/**
 * Build step (run by the Vite plugin in vite.config.ts once the client bundle is written, before
 * vite-plugin-pwa lists the files to precache, and loaded, with the app, through a Vite server's
 * SSR module graph): renders the pages of shared/prerenderedPages.ts and the shell into the built
 * index.html (pwa/src/prerender/entry.tsx), so the first paint needs no JavaScript.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PAGE_TEMPLATE_FILE, PRERENDERED_PATHS, prerenderedFileFor } from '../shared/prerenderedPages';
import { fillTemplate } from '../pwa/src/prerender/document';
import { renderPage } from '../pwa/src/prerender/entry';

/**
 * Writes each prerendered page into its file, the template for the pages the server renders on
 * request (api/pages/marketPage.ts), then the shell into `outDir`/index.html.
 */
export async function prerenderPages(outDir: string): Promise<void> {
  const shellFile = path.join(outDir, 'index.html');
  const template = await readFile(shellFile, 'utf8');
  await mkdir(path.join(outDir, path.dirname(PAGE_TEMPLATE_FILE)), { recursive: true });
  await writeFile(path.join(outDir, PAGE_TEMPLATE_FILE), template);
  for (const pagePath of PRERENDERED_PATHS) {
    await writeFile(path.join(outDir, prerenderedFileFor(pagePath)), fillTemplate(template, await renderPage(pagePath), pagePath));
  }
  await writeFile(shellFile, fillTemplate(template, await renderPage(null), null));
}
