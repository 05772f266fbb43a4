/**
 * The pages whose HTML is prerendered at build time (ops/prerender.ts), so they paint before any
 * JavaScript runs: the ones that show the same to everybody. The server answers a navigation to
 * one of them with its file, the service worker does the same offline; every other page path gets
 * the shell (index.html: top bar, footer and a skeleton main).
 */
import type { PagePath } from './routes';

// Not the Contact Us and Report an Issue forms: typed into and submitted before hydration, a form
// would lose its input or post natively; they open from the shell once the app runs.
export const PRERENDERED_PATHS = [
  '/',
  '/help-center',
  '/terms-of-service',
  '/privacy-policy',
  '/refund-policy',
] as const satisfies readonly PagePath[];

/**
 * The built index.html as it was before the shell was rendered into it (relative to the built PWA):
 * the server renders /market into it on request (api/pages/marketPage.ts). Not precached.
 */
export const PAGE_TEMPLATE_FILE = 'pages/template.html';

/** The file (relative to the built PWA) with the prerendered HTML of `path`. */
export function prerenderedFileFor(path: (typeof PRERENDERED_PATHS)[number]): string {
  return `pages/${path === '/' ? 'home' : path.slice(1)}.html`;
}

const fileByPath = new Map<string, string>(PRERENDERED_PATHS.map((path) => [path, prerenderedFileFor(path)]));
const prerenderedFiles = new Set(fileByPath.values());

/** The prerendered file for a page path (`/help-center/` counts as `/help-center`), or null. */
export function prerenderedFileOf(pathname: string): string | null {
  const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return fileByPath.get(trimmed) ?? null;
}

/** True when `pathname` (`/pages/help-center.html`) names one of the prerendered files. */
export function isPrerenderedFile(pathname: string): boolean {
  return prerenderedFiles.has(pathname.slice(1));
}
