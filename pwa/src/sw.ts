/// <reference lib="webworker" />
/**
 * The service worker (built by vite-plugin-pwa's injectManifest into dist/pwa/sw.js). It precaches
 * the app shell and every built asset, so the app and its static pages open offline, and answers
 * page navigations with the cached shell. Server paths are never answered with the shell.
 * A new version waits until the page asks it to take over (see serviceWorker.ts).
 */
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<PrecacheEntry | string>;
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [
      /^\/api(\/|$)/,
      /^\/auth(\/|$)/,
      /^\/dev(\/|$)/,
      /^\/healthz(\/|$)/,
      /^\/readyz(\/|$)/,
      /^\/metrics(\/|$)/,
    ],
  }),
);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
});

// The first install takes control of the open page at once, so it works offline without a reload.
clientsClaim();
