/**
 * Chromium's offer to install the app (`beforeinstallprompt`), kept from the moment the page's
 * entry runs: the app itself starts only after the first paint (main.tsx), and the browser may
 * make its offer before that; an offer nobody listened for is gone. InstallButton shows it.
 */

/** The event Chromium fires when the app can be installed (not in TypeScript's DOM types). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferredPrompt: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();

export function setInstallPrompt(event: BeforeInstallPromptEvent | null): void {
  deferredPrompt = event;
  for (const listener of listeners) listener();
}

/** The offer not yet used, if any. */
export function installPrompt(): BeforeInstallPromptEvent | null {
  return deferredPrompt;
}

export function subscribeToInstallPrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called once by the entry, before anything else. */
export function listenForInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's mini-infobar away; the banner offers it instead.
    event.preventDefault();
    setInstallPrompt(event as BeforeInstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => setInstallPrompt(null));
}
