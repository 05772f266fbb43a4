/**
 * A page's HTML: the built index.html (the template, written by ops/prerender.ts before it becomes
 * the shell) with a render's markup in #root and its styles at the end of the head. A page also
 * gets its title, loses the 'needs JavaScript' notice (it reads fine without) and, when rendered
 * with data, carries that data for the hydration (pageData.ts). Used at build time for the
 * prerendered pages and the shell, and by the server for the pages it renders on request.
 */
import { documentTitleFor } from '../documentTitle';
import { PRERENDERED_ATTRIBUTE } from './marker';
import { pageDataElement, type PageData } from './pageData';
import type { RenderedPage } from './entry';

const EMPTY_ROOT = '<div id="root"></div>';
const NOSCRIPT = /<noscript>[\s\S]*?<\/noscript>\s*/;

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The shell's HTML when `pagePath` is null, else the page's. */
export function fillTemplate(template: string, { markup, styles }: RenderedPage, pagePath: string | null, data?: PageData): string {
  if (!template.includes(EMPTY_ROOT)) throw new Error(`index.html has no ${EMPTY_ROOT} to render into`);
  const styled = template.replace('</head>', () => `${styles}</head>`);
  if (pagePath === null) return styled.replace(EMPTY_ROOT, () => `<div id="root">${markup}</div>`);
  const root = `<div id="root" ${PRERENDERED_ATTRIBUTE}="${escapeHtml(pagePath)}">${markup}</div>${data ? pageDataElement(data) : ''}`;
  return styled
    .replace(EMPTY_ROOT, () => root)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(documentTitleFor(pagePath))}</title>`)
    .replace(NOSCRIPT, '');
}
