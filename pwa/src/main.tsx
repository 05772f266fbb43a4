/**
 * The page's entry, kept tiny: the HTML (a prerendered page, or the shell's skeleton) paints first,
 * and the app's code is fetched and started after that frame. Preloaded from the HTML and started
 * at once, the app's modules took the phone's bandwidth and main thread before anything was drawn
 * (a prerendered page painted over a second later on Lighthouse's slow 4G). The import fetches
 * the app's modules in parallel (Vite's preload helper).
 *
 * The app's modules run in one task and the app starts in the next, so a phone can answer a tap
 * in between instead of after one long task.
 *
 * A hidden page (opened in a background tab) gets no animation frames until it is shown, so it
 * starts at once. What must not wait for the app starts here: listening for the browser's install
 * offer, on /market asking for the skins the first screen shows, and on a page that came as HTML
 * keeping a tap on its buttons for the app to make again (prerender/earlyTaps.ts).
 */
import { listenForInstallPrompt } from './components/installPrompt';
import { holdEarlyTaps } from './prerender/earlyTaps';
import { PRERENDERED_ATTRIBUTE } from './prerender/marker';
import { loadFirstPageEarly } from './screens/market/buy/earlyFirstPage';

listenForInstallPrompt();
loadFirstPageEarly(window.location);
const root = document.getElementById('root');
if (root?.hasAttribute(PRERENDERED_ATTRIBUTE)) holdEarlyTaps(root);

const start = () => void import('./start').then(({ startApp }) => setTimeout(startApp, 0));

if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(start, 0));
else start();
