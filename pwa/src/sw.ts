/// <reference lib="webworker" />
/**
 * The service worker (built by vite-plugin-pwa's injectManifest into dist/pwa/sw.js):
 * - precaches the app shell, the prerendered pages and every built asset, so the app and its static
 *   pages open offline, and answers page navigations with the cached prerendered page or else the
 *   shell (server paths and the staff console's pages are never answered with them: the console is
 *   a page of its own that customers never download, and none of its files is precached);
 * - keeps item images (the simulated Steam's and Steam's CDN) cache-first, at most
 *   IMAGE_CACHE_MAX_ENTRIES of them for IMAGE_CACHE_MAX_AGE_S; cross-origin images arrive opaque
 *   (status 0) and are cached as such;
 * - never answers /api with a stored copy: the data layer (TanStack Query, Dexie) owns API data;
 * - replays the outbox on Background Sync's `sync` event (offline/outbox.ts);
 * - on a Web Push message, updates the listing in IndexedDB (a seller's listing) and shows the
 *   notification, whose click opens the page it names (/listings, or a price alert's item in the
 *   market: /market?listing=…).
 * A new version waits until the page asks it to take over (see serviceWorker.ts).
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { PRERENDERED_PATHS, prerenderedFileFor, prerenderedFileOf } from '../../shared/prerenderedPages';
import type { PushMessage } from '../../shared/schemas/push';
import { parseAnswer } from '../../shared/answers/z';
import { STAFF_CONSOLE_PATH } from '../../shared/staffConsole';
import { currentUserCall, replayInit } from './api/requests';
import { patchCachedListing } from './offline/cachedData';
import { OUTBOX_SYNC_TAG, replayOutbox } from './offline/outbox';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<PrecacheEntry | string>;
};

/** Background Sync's event (not in TypeScript's WebWorker types). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

const IMAGE_CACHE = 'item-images';
const IMAGE_CACHE_MAX_ENTRIES = 400;
const IMAGE_CACHE_MAX_AGE_S = 30 * 24 * 60 * 60;
/** Steam's economy image hosts (the live mode's item images). */
const STEAM_IMAGE_HOSTS = new Set([
  'community.cloudflare.steamstatic.com',
  'community.akamai.steamstatic.com',
  'community.fastly.steamstatic.com',
  'steamcommunity-a.akamaihd.net',
]);

// No directory index: '/' is a navigation like any other (its prerendered page), not /index.html (the shell).
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '' });
cleanupOutdatedCaches();

const shellHandler = createHandlerBoundToURL('/index.html');
const pageHandlers = new Map(
  PRERENDERED_PATHS.map((path) => {
    const file = prerenderedFileFor(path);
    return [file, createHandlerBoundToURL(`/${file}`)];
  }),
);

/** A navigation gets its page's prerendered HTML, any other page path the shell. */
function navigationHandlerFor(pathname: string) {
  const file = prerenderedFileOf(pathname);
  return (file && pageHandlers.get(file)) || shellHandler;
}

registerRoute(
  new NavigationRoute((options) => navigationHandlerFor(options.url.pathname)(options), {
    denylist: [
      /^\/api(\/|$)/,
      /^\/auth(\/|$)/,
      /^\/dev(\/|$)/,
      /^\/healthz(\/|$)/,
      /^\/readyz(\/|$)/,
      /^\/metrics(\/|$)/,
      // The staff console (/staff, /staff/…) and its sign-in routes (/staff/auth/…): the network's.
      new RegExp(`^${STAFF_CONSOLE_PATH}(/|$)`),
    ],
  }),
);

registerRoute(
  ({ url, request }) =>
    request.destination === 'image' &&
    (url.origin === self.location.origin
      ? url.pathname.startsWith('/dev/steam/economy/image/')
      : STEAM_IMAGE_HOSTS.has(url.hostname) && url.pathname.startsWith('/economy/image/')),
  new CacheFirst({
    cacheName: IMAGE_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({ maxEntries: IMAGE_CACHE_MAX_ENTRIES, maxAgeSeconds: IMAGE_CACHE_MAX_AGE_S, purgeOnQuotaError: true }),
    ],
  }),
);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
});

/** Tells open pages the outbox changed, so they re-read what it touched. */
async function notifyPages(message: { type: string }): Promise<void> {
  for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage(message);
}

/**
 * Replays the outbox of the user the server says is signed in (the cookie decides whose session
 * this is; entries of anyone else stay put). Rejects while entries wait for the network, so the
 * browser schedules the sync again.
 */
async function replayForSignedInUser(): Promise<void> {
  const call = currentUserCall();
  const response = await fetch(call.path, replayInit(call));
  if (response.status === 401) return;
  if (!response.ok) throw new Error(`GET /api/user answered ${response.status}`);
  const user = parseAnswer(call.answer, await response.json());
  if (!user.ok) throw new Error(`GET /api/user answered what the worker does not understand (${user.problem})`);
  const report = await replayOutbox({ userId: user.value.steamId });
  if (report.applied.length > 0 || report.rejected.length > 0 || report.conflicts.length > 0) {
    await notifyPages({ type: 'outbox-replayed' });
  }
  if (report.retryAt !== null) throw new Error('Queued edits wait for the network');
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(replayForSignedInUser());
});

function pushMessageOf(event: PushEvent): PushMessage | null {
  try {
    const message = event.data?.json() as Partial<PushMessage> | undefined;
    return message && typeof message.title === 'string' ? (message as PushMessage) : null;
  } catch {
    return null;
  }
}

async function handlePush(message: PushMessage): Promise<void> {
  const listing = message.listing;
  if (listing && typeof listing.id === 'string') {
    const change: Parameters<typeof patchCachedListing>[0] = { id: listing.id };
    if (typeof listing.status === 'string') change.status = listing.status as NonNullable<typeof change.status>;
    if (typeof listing.holdEndTime === 'string') change.holdEndTime = listing.holdEndTime;
    // The cached copy is a convenience: a failure must not cost the notification.
    await patchCachedListing(change).catch(() => undefined);
  }
  await self.registration.showNotification(message.title, {
    body: message.body,
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    tag: typeof listing?.id === 'string' ? `listing-${listing.id}` : undefined,
    data: { url: message.url },
  });
}

self.addEventListener('push', (event) => {
  const message = pushMessageOf(event);
  if (message) event.waitUntil(handlePush(message));
});

/** Opens (or focuses) the page the notification names; only paths of this app are followed. */
async function openFromNotification(path: string): Promise<void> {
  const url = new URL(path, self.location.origin);
  const target = url.origin === self.location.origin ? url.href : new URL('/listings', self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) {
    await open.focus();
    // navigate() works only for a tab this worker controls; otherwise open a new one.
    if (await open.navigate(target).catch(() => null)) return;
  }
  await self.clients.openWindow(target);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: unknown } | null)?.url;
  event.waitUntil(openFromNotification(typeof url === 'string' ? url : '/listings'));
});

// The first install takes control of the open page at once, so it works offline without a reload.
clientsClaim();
