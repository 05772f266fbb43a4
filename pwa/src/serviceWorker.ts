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

/** Registers once the page has loaded, so the worker's precaching does not compete with it. */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const start = () => {
    register().catch((error: unknown) => console.error('Service worker registration failed', error));
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
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
