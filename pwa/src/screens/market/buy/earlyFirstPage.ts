/**
 * The Buy tab's first page, asked for by the page's entry (main.tsx) when a phone opens /market:
 * the skins and the first cards' pictures load while the app's code is still arriving, instead of
 * after it (the market's largest paint is one of those pictures). Only the unfiltered view, the
 * one a visitor lands on; a filtered URL waits for the app, which validates its filters.
 */
import type { SkinsPage } from '../../../../../shared/schemas/market';
import { startEarlyRequest } from '../../../api/earlyRequests';
import { DEFAULT_MARKET_FILTERS, skinsRequestPath } from '../../../queries/skinsRequest';
import { marketTabFor } from '../marketTab';

/** Cards in the first row on a wide screen: their pictures load first (the page's largest paint). */
export const PRIORITY_CARDS = 4;

export function loadFirstPageEarly({ pathname, search, hash }: Pick<Location, 'pathname' | 'search' | 'hash'>): void {
  const buyTab = /^\/market\/?$/.test(pathname) && marketTabFor('buy', hash) === 'buy';
  if (!buyTab || search !== '' || !navigator.onLine) return;
  startEarlyRequest(skinsRequestPath(DEFAULT_MARKET_FILTERS))
    .then((response) => (response.ok ? (response.json() as Promise<SkinsPage>) : null))
    .then((page) => {
      for (const item of page?.items.slice(0, PRIORITY_CARDS) ?? []) {
        if (!item.imageUrl) continue;
        // Into the browser's image cache, with the priority the cards' own pictures ask for.
        const picture = new Image();
        picture.fetchPriority = 'high';
        picture.src = item.imageUrl;
      }
    })
    // The grid asks again and shows its own error; nothing to tell the visitor here.
    .catch(() => {});
}
