/**
 * Entry point: start following the network and keeping the offline copies, render the app, then
 * register the service worker (production builds only).
 *
 * A page prerendered at build time (ops/prerender.ts: #root carries `data-prerendered` with its
 * path) is hydrated once its screen's code is loaded; anything else (the shell's skeleton, a page
 * opened with a query string the build could not know) is rendered from scratch over the HTML.
 */
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import App from './App';
import { keepOfflineCopies } from './offline/keepOfflineCopies';
import { syncOnlineManager } from './offline/network';
import { watchReachability } from './offline/reachability';
import { markHydrationDone } from './prerender/hydration';
import { PRERENDERED_ATTRIBUTE } from './prerender/marker';
import { queryClient } from './queryClient';
import { preloadScreen, routes } from './router';
import { registerServiceWorker } from './serviceWorker';

syncOnlineManager();
watchReachability(queryClient);
keepOfflineCopies(queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const router = createBrowserRouter(routes);
const app = (
  <StrictMode>
    <App>
      <RouterProvider router={router} />
    </App>
  </StrictMode>
);

const renderFromScratch = () => {
  markHydrationDone();
  createRoot(container).render(app);
};

const { pathname, search } = window.location;
if (container.getAttribute(PRERENDERED_ATTRIBUTE) === pathname && search === '') {
  // The screen's code first, so it hydrates rather than suspends; if it does not arrive, rendered
  // from scratch the route shows its error screen.
  preloadScreen(pathname).then(() => hydrateRoot(container, app), renderFromScratch);
} else {
  renderFromScratch();
}

registerServiceWorker();
