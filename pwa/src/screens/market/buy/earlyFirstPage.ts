/**
 * The Buy tab's first page, asked for by the page's entry (main.tsx) when a phone opens /market
 * from the shell (the service worker's, or the server's when it could not render the market):
 * the skins and the first cards' pictures load while the app's code is still arriving, instead of
 * after it (the market's largest paint is one of those pictures). Only the unfiltered view, the
 * one a visitor lands on; a filtered URL waits for the app, which validates its filters.
 *
 * The app puts that page into the query cache before its first render (start.tsx), so the grid's
 * first pass draws the cards. Rendered with the query still pending, the grid drew a page of
 * skeleton cards first and the cards in a second pass: on a phone, the first pass alone was about
 * a third of a second of main-thread work before the market's largest paint.
 */
import type { SkinsPage } from '../../../../../shared/schemas/market';
import { startEarlyRequest, takeEarlyResponse } from '../../../api/earlyRequests';
import { DEFAULT_MARKET_FILTERS, skinsRequestPath } from '../../../../../shared/skinsRequest';
import { PAGE_DATA_ID } from '../../../prerender/marker';
import { PRIORITY_CARDS } from '../../../components/items/priority';
import { marketTabFor } from '../marketTab';

/** How long the app's first render waits for a first page still on its way, at most. */
const FIRST_RENDER_WAIT_MS = 1500;

const FIRST_PAGE_PATH = skinsRequestPath(DEFAULT_MARKET_FILTERS);

let firstPage: Promise<SkinsPage | null> | undefined;

export function loadFirstPageEarly({ pathname, search, hash }: Pick<Location, 'pathname' | 'search' | 'hash'>): void {
  const buyTab = /^\/market\/?$/.test(pathname) && marketTabFor('buy', hash) === 'buy';
  // A page the server rendered has its first page already (prerender/pageData.ts).
  if (!buyTab || search !== '' || !navigator.onLine || document.getElementById(PAGE_DATA_ID)) return;
  firstPage = startEarlyRequest(FIRST_PAGE_PATH)
    .then((response) => (response.ok ? (response.json() as Promise<SkinsPage>) : null))
    // The grid asks again and shows its own error; nothing to tell the visitor here.
    .catch(() => null);
  void firstPage.then((page) => {
    for (const item of page?.items.slice(0, PRIORITY_CARDS) ?? []) {
      if (!item.imageUrl) continue;
      // Into the browser's image cache, with the priority the cards' own pictures ask for.
      const picture = new Image();
      picture.fetchPriority = 'high';
      picture.src = item.imageUrl;
    }
  });
}

/**
 * The early first page, for the app's first render: null when none was asked for, it failed, or it
 * is not there within FIRST_RENDER_WAIT_MS (a stalled network must not hold the app back; its
 * answer then goes to the grid's own request through apiFetch). A page given out here is taken
 * from apiFetch's reach, so a later re-read of the first page asks the server.
 */
export async function takeEarlyFirstPage(): Promise<SkinsPage | null> {
  if (!firstPage) return null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<null>((resolve) => (timer = setTimeout(resolve, FIRST_RENDER_WAIT_MS, null)));
  const page = await Promise.race([firstPage, waited]);
  clearTimeout(timer);
  firstPage = undefined;
  if (page) takeEarlyResponse(FIRST_PAGE_PATH);
  return page;
}
