/**
 * The app's start (main.tsx loads it after the first paint): start following the network and
 * keeping the offline copies, render the app, then register the service worker (production builds
 * only).
 *
 * A page prerendered at build time (ops/prerender.ts: #root carries `data-prerendered` with its
 * path) or rendered by the server (api/pages/marketPage.ts) is hydrated once its screen's code is
 * loaded; anything else (the shell's skeleton, a page opened with a query string the build could
 * not know) is rendered from scratch over the HTML. #root loses the attribute once the app owns
 * the page, and the last tap on the HTML's buttons before that is made again (prerender/earlyTaps.ts).
 */
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { CacheProvider } from '@emotion/react';
import App, { pageSystem } from './App';
import { keepOfflineCopies } from './offline/keepOfflineCopies';
import { syncOnlineManager } from './offline/network';
import { watchReachability } from './offline/reachability';
import { restorePublicCache } from './offline/publicCache';
import { dropEarlyTap, passEarlyTaps, replayEarlyTap } from './prerender/earlyTaps';
import { hydrationDone } from './prerender/hydration';
import { PRERENDERED_ATTRIBUTE } from './prerender/marker';
import { readPageData, seedPageData } from './prerender/pageData';
import { browserStyleCache } from './prerender/styles';
import { seedDefaultSkinsPage } from './queries/market';
import { queryClient } from './queryClient';
import { AppRoutes, preloadScreen } from './router';
import { takeEarlyFirstPage } from './screens/market/buy/earlyFirstPage';
import { marketTabFor } from './screens/market/marketTab';
import { registerServiceWorker } from './serviceWorker';
import { buildSystemStep } from './theme';

export function startApp(): void {
  // The design system is built a step per task, between the one that ran the app's modules and the
  // one that starts it: on a phone, any two of them together were one long task, and the system
  // built in one go was one too (theme.ts).
  if (!buildSystemStep()) {
    setTimeout(startApp, 0);
    return;
  }
  pageSystem();
  setTimeout(runApp, 0);
}

function runApp(): void {
  syncOnlineManager();
  watchReachability(queryClient);
  keepOfflineCopies(queryClient);

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');

  const app = (
    <StrictMode>
      <CacheProvider value={browserStyleCache(document)}>
        <App>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </App>
      </CacheProvider>
    </StrictMode>
  );

  // The first render and the hydration run as transitions: React then works in slices of a few
  // milliseconds and lets the browser answer input in between, instead of one long task that would
  // freeze a phone for the whole page. The offline copy of the public data is in the cache before
  // a first render from scratch, so the screen shows it (or the network's answer) in one pass; a
  // hydrated page takes it once the screen has hydrated, as its HTML was rendered without it. A
  // page the server rendered with data (the market) carries it, and is hydrated with it.
  const { pathname, search, hash } = window.location;
  const pageData = readPageData(document);
  // The offline copy, then the freshest first page of the market: the server's, or the one the entry asked for.
  const dataBeforeFirstRender = () =>
    restorePublicCache(queryClient).then(async () => {
      if (pageData) return seedPageData(queryClient, pageData);
      const page = await takeEarlyFirstPage();
      if (page) seedDefaultSkinsPage(queryClient, page);
    });
  const renderFromScratch = () =>
    // The screen's code is fetched while that data is read, not once the app renders.
    void Promise.all([dataBeforeFirstRender(), preloadScreen(pathname, hash).catch(() => {})]).then(() => {
      container.removeAttribute(PRERENDERED_ATTRIBUTE);
      dropEarlyTap();
      const root = createRoot(container);
      startTransition(() => root.render(app));
    });

  // The server renders the market's Buy tab: a hash that opens the Sell tab is rendered from scratch.
  const hydratable = container.getAttribute(PRERENDERED_ATTRIBUTE) === pathname && search === '' && (!pageData || marketTabFor('buy', hash) === 'buy');
  if (hydratable) {
    if (pageData) seedPageData(queryClient, pageData);
    // The screen's code first, so it hydrates rather than suspends; if it does not arrive, rendered
    // from scratch the route shows its error screen.
    preloadScreen(pathname, hash).then(() => {
      passEarlyTaps();
      startTransition(() => void hydrateRoot(container, app));
      void hydrationDone().then(() => {
        container.removeAttribute(PRERENDERED_ATTRIBUTE);
        replayEarlyTap();
        return restorePublicCache(queryClient);
      });
    }, renderFromScratch);
  } else {
    renderFromScratch();
  }

  registerServiceWorker(hydrationDone());
}
