/**
 * 'Ready to work offline': a toast shown once per browser, when the first service worker has
 * precached the app (serviceWorker.ts). Remembered in localStorage, so updates never show it again.
 */
import { useEffect } from 'react';
import { useReadyOffline } from '../serviceWorker';
import { toaster } from './toaster';

const SHOWN_KEY = 'skinmarket.ready-offline-shown';

function alreadyShown(): boolean {
  try {
    return window.localStorage.getItem(SHOWN_KEY) === '1';
  } catch {
    return false;
  }
}

export function ReadyOfflineNotice() {
  const ready = useReadyOffline();
  useEffect(() => {
    if (!ready || alreadyShown()) return;
    try {
      window.localStorage.setItem(SHOWN_KEY, '1');
    } catch {
      // Storage blocked: the notice may show again after the next first install, which is harmless.
    }
    toaster.create({
      title: 'Ready to work offline',
      description: 'SkinMarket now opens even without a connection.',
      type: 'success',
    });
  }, [ready]);
  return null;
}
