/**
 * The page's entry, kept tiny: the HTML (a prerendered page, or the shell's skeleton) paints first,
 * and the app's code is fetched and started after that frame. Preloaded from the HTML and started
 * at once, the app's modules took the phone's bandwidth and main thread before anything was drawn
 * (a prerendered page painted over a second later on Lighthouse's slow 4G). The browser fetches
 * the start's imports side by side as it reads the start's chunk (vite.config.ts).
 *
 * The app's modules run in one task and the app starts in the next, so a phone can answer a tap
 * in between instead of after one long task.
 *
 * A hidden page (opened in a background tab) gets no animation frames until it is shown, so it
 * starts at once. What must not wait for the app starts here: listening for the browser's install
 * offer, on /market asking for the skins the first screen shows, and on a page that came as HTML
 * keeping a tap on its buttons for the app to make again (prerender/earlyTaps.ts).
 *
 * If the app's code does not arrive (a connection dropped on a phone, or files an older deploy no
 * longer has), the page would stay as its HTML: links work, nothing else does, and a signed-in
 * page shows its skeleton for good. The browser keeps a failed module as failed for the page's
 * life, so the page is loaded again, once: a second failure within a minute is left to the
 * visitor, so a page that cannot get its code does not reload over and over.
 */
import { listenForInstallPrompt } from './components/installPrompt';
import { holdEarlyTaps } from './prerender/earlyTaps';
import { PRERENDERED_ATTRIBUTE } from './prerender/marker';
import { loadFirstPageEarly } from './screens/market/buy/earlyFirstPage';

listenForInstallPrompt();
loadFirstPageEarly(window.location);
const root = document.getElementById('root');
if (root?.hasAttribute(PRERENDERED_ATTRIBUTE)) holdEarlyTaps(root);

const RELOADED_AT_KEY = 'app-code-reloaded-at';
const RELOAD_AGAIN_AFTER_MS = 60_000;

/** Whether the page may load again for its code, noting that it does. Without session storage a loop cannot be told apart: no. */
function mayReload(): boolean {
  try {
    const now = Date.now();
    if (now - (Number(sessionStorage.getItem(RELOADED_AT_KEY)) || 0) < RELOAD_AGAIN_AFTER_MS) return false;
    sessionStorage.setItem(RELOADED_AT_KEY, String(now));
    return true;
  } catch {
    return false;
  }
}

const start = () =>
  void import('./start').then(
    ({ startApp }) => setTimeout(startApp, 0),
    (error: unknown) => {
      if (!mayReload()) throw error;
      window.location.reload();
    },
  );

if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(start, 0));
else start();
