/**
 * Build step (run by the Vite plugin in vite.config.ts once the client bundle is written, before
 * vite-plugin-pwa lists the files to precache, and loaded, with the app, through a Vite server's
 * SSR module graph): renders the pages of shared/prerenderedPages.ts and the shell into the built
 * index.html (pwa/src/prerender/entry.tsx), so the first paint needs no JavaScript.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PRERENDERED_PATHS, prerenderedFileFor } from '../shared/prerenderedPages';
import { documentTitleFor } from '../pwa/src/documentTitle';
import { renderPage, type RenderedPage } from '../pwa/src/prerender/entry';
import { PRERENDERED_ATTRIBUTE } from '../pwa/src/prerender/marker';

const EMPTY_ROOT = '<div id="root"></div>';
const NOSCRIPT = /<noscript>[\s\S]*?<\/noscript>\s*/;

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The built index.html with the page's markup in #root and its styles at the end of the head. A
 * page also gets its title, and loses the 'needs JavaScript' notice: it reads fine without.
 */
function fill(template: string, { markup, styles }: RenderedPage, pagePath: string | null): string {
  if (!template.includes(EMPTY_ROOT)) throw new Error(`index.html has no ${EMPTY_ROOT} to prerender into`);
  const styled = template.replace('</head>', () => `${styles}</head>`);
  if (pagePath === null) return styled.replace(EMPTY_ROOT, () => `<div id="root">${markup}</div>`);
  return styled
    .replace(EMPTY_ROOT, () => `<div id="root" ${PRERENDERED_ATTRIBUTE}="${pagePath}">${markup}</div>`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(documentTitleFor(pagePath))}</title>`)
    .replace(NOSCRIPT, '');
}

/** Writes each prerendered page into its file, then the shell into `outDir`/index.html. */
export async function prerenderPages(outDir: string): Promise<void> {
  const shellFile = path.join(outDir, 'index.html');
  const template = await readFile(shellFile, 'utf8');
  for (const pagePath of PRERENDERED_PATHS) {
    const file = path.join(outDir, prerenderedFileFor(pagePath));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, fill(template, await renderPage(pagePath), pagePath));
  }
  await writeFile(shellFile, fill(template, await renderPage(null), null));
}
