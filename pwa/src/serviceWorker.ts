/**
 * Service-worker registration (production builds only) and the "update waiting" state the
 * UpdatePrompt shows. Registration lives here in app code, not in an inline script, because the
 * server's CSP forbids inline script. A new worker waits until the user clicks 'Reload': then it is
 * told to skip waiting (sw.ts listens for {type: 'SKIP_WAITING'}) and the page reloads once it
 * has taken control.
 */
import { useSyncExternalStore } from 'react';
import { Workbox } from 'workbox-window';

/** How often an open tab asks the server whether a new version was deployed. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

let workbox: Workbox | null = null;
let updateWaiting = false;
const listeners = new Set<() => void>();

function setUpdateWaiting(waiting: boolean): void {
  updateWaiting = waiting;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || workbox) return;
  const wb = new Workbox('/sw.js', { scope: '/' });
  // Fires for a worker installed while this page is open and for one already waiting at load.
  wb.addEventListener('waiting', () => setUpdateWaiting(true));
  workbox = wb;
  wb.register()
    .then(() => {
      window.setInterval(() => {
        wb.update().catch(() => {
          // Offline or the server is restarting: the next check will try again.
        });
      }, UPDATE_CHECK_INTERVAL_MS);
    })
    .catch((error: unknown) => {
      console.error('Service worker registration failed', error);
    });
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
