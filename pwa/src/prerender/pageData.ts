/**
 * The data a page rendered by the server was rendered with, embedded in its HTML, so the browser's
 * first render (the hydration) starts from the same: today the first page of the market's default
 * view (api/pages/marketPage.ts). It is a JSON data block, which the CSP allows: nothing runs.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { SkinsPage } from '../../../shared/schemas/market';
import { seedDefaultSkinsPage } from '../queries/market';
import { PAGE_DATA_ID } from './marker';

export interface PageData {
  /** The market's first page and when the server read it (epoch milliseconds). */
  marketFirstPage: { page: SkinsPage; readAt: number };
}

/**
 * The script element carrying `data`. A skin's name is written by whoever named it on Steam, so
 * nothing in it may end the element or open a comment: `<`, `>` and `&` are written as JSON escapes
 * (and the two line separators JavaScript once refused in strings).
 */
export function pageDataElement(data: PageData): string {
  const json = JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `<script type="application/json" id="${PAGE_DATA_ID}">${json}</script>`;
}

/** The data embedded in `doc` by the server, or null when it has none (a prerendered page, the shell). */
export function readPageData(doc: Document): PageData | null {
  const text = doc.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as PageData;
  } catch {
    return null;
  }
}

/** Puts the embedded data where the screens read it. */
export function seedPageData(client: QueryClient, data: PageData): void {
  seedDefaultSkinsPage(client, data.marketFirstPage.page, data.marketFirstPage.readAt);
}
