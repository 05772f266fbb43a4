/**
 * Service-worker registration (production builds only), the "update waiting" state the
 * UpdatePrompt shows, and the "ready to work offline" moment (the first install finished
 * precaching) the ReadyOfflineNotice announces once. Registration lives here in app code, not in an inline script, because the
 * server's CSP forbids inline script. A new worker waits until the user clicks 'Reload': then it is
 * told to skip waiting (sw.ts listens for {type: 'SKIP_WAITING'}) and the page reloads once it
 * has taken control.
 */
import { useSyncExternalStore } from 'react';
import type { Workbox } from 'workbox-window';

/** How often an open tab asks the server whether a new version was deployed. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

let workbox: Workbox | null = null;
let updateWaiting = false;
let readyOffline = false;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function setUpdateWaiting(waiting: boolean): void {
  updateWaiting = waiting;
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** How long a page that never goes idle waits before its worker is registered anyway. */
const REGISTER_IDLE_TIMEOUT_MS = 10_000;

/**
 * Registers once the page has settled, so the worker's first install (it precaches the whole app,
 * about 2 MB) does not compete with the page for a phone's CPU and connection: after `load`, after
 * the first screen is on the page (`firstScreen`: hydrated, or rendered from scratch), and then at
 * the browser's first idle moment (at the latest after REGISTER_IDLE_TIMEOUT_MS). The app's code
 * loads after `load` (main.tsx), so `load` alone came while the screen was still hydrating.
 */
export function registerServiceWorker(firstScreen: Promise<void>): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const loaded =
    document.readyState === 'complete' ? Promise.resolve() : new Promise<void>((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
  void Promise.all([loaded, firstScreen]).then(() =>
    whenIdle(() => {
      register().catch((error: unknown) => console.error('Service worker registration failed', error));
    }),
  );
}

/** At the browser's next idle moment; where requestIdleCallback is missing (Safari), in a task of its own. */
function whenIdle(run: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: REGISTER_IDLE_TIMEOUT_MS });
  else setTimeout(run, 0);
}

async function register(): Promise<void> {
  if (workbox) return;
  const { Workbox } = await import('workbox-window');
  if (workbox) return;
  const wb = new Workbox('/sw.js', { scope: '/' });
  // Fires for a worker installed while this page is open and for one already waiting at load.
  wb.addEventListener('waiting', () => setUpdateWaiting(true));
  // The first install (not an update) has precached the app: it now opens with no network.
  wb.addEventListener('installed', (event) => {
    if (event.isUpdate) return;
    readyOffline = true;
    notify();
  });
  workbox = wb;
  await wb.register();
  window.setInterval(() => {
    wb.update().catch(() => {
      // Offline or the server is restarting: the next check will try again.
    });
  }, UPDATE_CHECK_INTERVAL_MS);
}

/** Activate the waiting worker and reload once it controls the page. */
export function applyServiceWorkerUpdate(): void {
  const wb = workbox;
  if (!wb) return;
  let reloading = false;
  wb.addEventListener('controlling', () => {
    if (reloading) return;
    reloading = true;
    window.location.reload();
  });
  wb.messageSkipWaiting();
}

/** Whether a new version is waiting, plus the actions of the update prompt. */
export function useServiceWorkerUpdate() {
  const waiting = useSyncExternalStore(
    subscribe,
    () => updateWaiting,
    () => false,
  );
  return {
    updateWaiting: waiting,
    applyUpdate: applyServiceWorkerUpdate,
    dismiss: () => setUpdateWaiting(false),
  };
}

/** True once this page saw the first service worker finish installing (the app now works offline). */
export function useReadyOffline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => readyOffline,
    () => false,
  );
}
