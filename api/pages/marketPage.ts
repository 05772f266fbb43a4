/**
 * /market rendered by the server on each navigation, with the first page of its default view in
 * the HTML (and embedded for the hydration: pwa/src/prerender/pageData.ts). The market's largest
 * paint is the first card's picture: rendered by the app in the browser, it came only after the
 * app's code had arrived and run (over 3 s on Lighthouse's phone); in the HTML it comes with the
 * first paint. The browser hydrates the page (start.tsx) instead of rendering it again.
 *
 * The render runs the app's own modules (pwa/src/prerender/entry.tsx), as the build-time prerender
 * does, loaded on first use or by `warm()` after the server starts. It costs the event loop tens of
 * milliseconds, so a render is reused while the first page is the same (the catalogue's cache
 * decides how fresh that is), for at most RENDER_MAX_AGE_MS: the HTML's delivery dates ('Sends
 * after …') are worked out as of the render. Only the unfiltered view: a link with filters gets the
 * shell, and the app validates its filters as before. Whatever fails here leaves the navigation to
 * the shell, which renders the market in the browser.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { type Logger } from '../logger';
import { skinsQuerySchema } from '../../shared/schemas/market';
import { PAGE_TEMPLATE_FILE } from '../../shared/prerenderedPages';
import type * as PageDocument from '../../pwa/src/prerender/document';
import type * as PageRenderer from '../../pwa/src/prerender/entry';
import type { PageData } from '../../pwa/src/prerender/pageData';
import { DEFAULT_MARKET_FILTERS, skinsRequestPath } from '../../shared/skinsRequest';
import { type CachedCatalogue } from '../market/catalogueCache';
import { presentMarketItem } from '../presenters/marketItem';

export const MARKET_PAGE_PATH = '/market';
const RENDER_MAX_AGE_MS = 60_000;

/** The query the grid's first request makes, read from the very path it asks for. */
const FIRST_PAGE_QUERY = skinsQuerySchema.parse(Object.fromEntries(new URL(skinsRequestPath(DEFAULT_MARKET_FILTERS), 'http://x').searchParams));

export interface MarketPageOptions {
  distDir: string;
  catalogue: CachedCatalogue;
  logger: Logger;
}

export interface MarketPage {
  /** The page's HTML (without the server's mode: api/static.ts adds it), or null to serve the shell. */
  render(): Promise<string | null>;
  /** Loads the app's modules ahead of the first navigation. */
  warm(): void;
}

export function createMarketPage({ distDir, catalogue, logger }: MarketPageOptions): MarketPage {
  let modules: Promise<[typeof PageRenderer, typeof PageDocument]> | undefined;
  const load = () => (modules ??= Promise.all([import('../../pwa/src/prerender/entry'), import('../../pwa/src/prerender/document')]));
  let template: { mtimeMs: number; text: string } | undefined;
  let last: { shell: string; json: string; at: number; html: Promise<string> } | undefined;

  async function templateText(): Promise<string | null> {
    const file = path.join(distDir, PAGE_TEMPLATE_FILE);
    const stats = await stat(file).catch(() => null);
    // A build from before the market was rendered on the server has no template: the shell it is.
    if (!stats) return null;
    if (template?.mtimeMs !== stats.mtimeMs) template = { mtimeMs: stats.mtimeMs, text: await readFile(file, 'utf8') };
    return template.text;
  }

  async function renderWith(shell: string, data: PageData): Promise<string> {
    const [{ renderPage }, { fillTemplate }] = await load();
    return fillTemplate(shell, await renderPage(MARKET_PAGE_PATH, data), MARKET_PAGE_PATH, data);
  }

  return {
    async render() {
      try {
        const shell = await templateText();
        if (shell === null) return null;
        const read = await catalogue.read(FIRST_PAGE_QUERY);
        const page = { items: read.items.map(presentMarketItem), nextCursor: read.nextCursor };
        const json = JSON.stringify(page);
        const now = Date.now();
        if (!last || last.shell !== shell || last.json !== json || now - last.at >= RENDER_MAX_AGE_MS) {
          const html = renderWith(shell, { marketFirstPage: { page, readAt: now } });
          last = { shell, json, at: now, html };
          html.catch(() => {
            if (last?.html === html) last = undefined;
          });
        }
        return await last.html;
      } catch (error) {
        logger.error({ err: error }, 'the market page could not be rendered; serving the shell');
        return null;
      }
    },
    warm() {
      load().catch((error: unknown) => logger.error({ err: error }, "the market page's modules could not be loaded"));
    },
  };
}
